import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { entityApi } from '../engine/entity-api';
import { useMayCall } from '../engine/permission';
import { PERMMENU_KEY } from '../engine/menu';
import { EPS_KEY } from '../engine/eps';
import { installPackage, isPluginPackage, type InstallQuestion } from '../engine/plugin-install';
import { ConfirmDialog } from '../screens/entity/confirm-dialog';
import { useRelationOptions } from '../widgets/relation-options';
import { inputClass } from '../widgets/ui-classes';
import { toast } from '../shell/toast';
import { buttonClass } from '../widgets/ui-classes';

/** Where an import may land: directories and pages (a button holds no menus). */
const PARENTS = { entity: 'base/sys/menu', offer: { type: [0, 1] } };
import type { ToolbarExtraProps } from './toolbar-extras';

type MenuTree = Record<string, unknown> & { name?: unknown; childMenus?: MenuTree[] };

/** How many menus a tree list holds (for the messages). */
const countOf = (trees: MenuTree[]): number =>
  trees.reduce((n, m) => n + 1 + countOf(Array.isArray(m.childMenus) ? m.childMenus : []), 0);

/**
 * The menus' own export and import (PROTOCOL §7.5), as the original's menu page: the ticked menus with everything
 * below them download as a JSON file of trees; a file of that shape is imported as new menus (new ids), and the
 * sidebar follows. A file that is not such a list is refused before anything is sent; one that is asks where to land
 * (the top level, or under a directory or page).
 */
export default function MenuTransfer({ prefix, selectedIds, onChanged }: ToolbarExtraProps) {
  const { t } = useTranslation('entity');
  const { mutate } = useSWRConfig();
  const mayExport = useMayCall(prefix, 'export');
  const mayImport = useMayCall(prefix, 'import');
  const [busy, setBusy] = useState(false);
  const [landing, setLanding] = useState<{ name: string; menus: MenuTree[] } | null>(null);
  const [parent, setParent] = useState('');
  const parents = useRelationOptions(landing ? PARENTS : undefined);
  const input = useRef<HTMLInputElement>(null);
  const mayInstall = useMayCall('plugin/info', 'install');
  // A plugin package dropped anywhere on the menu page offers its installation (as the original's menu page).
  const [offered, setOffered] = useState<{ file: File; question?: InstallQuestion } | null>(null);
  useEffect(() => {
    if (!mayInstall) return undefined;
    // Registered after the console's file-drop guard (shell/file-drop-guard.ts), which refuses files where nothing
    // takes them: here the whole page takes a package.
    const over = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!file || !isPluginPackage(file)) return;
      e.preventDefault();
      setOffered({ file });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [mayInstall]);

  /** Installs the offered package; false while the server asks a question first (the dialog then shows it). */
  const install = async (file: File, force: boolean): Promise<boolean> => {
    setBusy(true);
    try {
      const question = await installPackage(file, force);
      if (question && question.type === 0) {
        toast.error(question.message);
      } else if (question) {
        setOffered({ file, question });
        return false;
      } else {
        toast.success(t('menuTransfer.installed', { name: file.name }));
        onChanged();
        await Promise.all([mutate(PERMMENU_KEY), mutate(EPS_KEY)]);
      }
    } catch (e) {
      toast.failure(e);
    } finally {
      setBusy(false);
    }
    return true;
  };

  const exportMenus = async () => {
    setBusy(true);
    try {
      // A ticked menu goes with everything below it (the export keeps only what is reachable from a ticked root).
      const all = await entityApi<{ id: number; parentId: number | null }>(prefix).list();
      const ids = new Set(selectedIds);
      for (let grew = true; grew; ) {
        grew = false;
        for (const m of all)
          if (m.parentId !== null && ids.has(m.parentId) && !ids.has(m.id)) {
            ids.add(m.id);
            grew = true;
          }
      }
      const trees = await entityApi(prefix).post<MenuTree[]>('export', { ids: [...ids] });
      const blob = new Blob([JSON.stringify(trees, null, 2)], { type: 'application/json' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `menus-${new Date().toISOString().slice(0, 10)}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      toast.success(t('menuTransfer.exported', { count: countOf(trees) }));
    } catch (e) {
      toast.failure(e);
    } finally {
      setBusy(false);
    }
  };

  const importMenus = async (file: File) => {
    let menus: unknown;
    try {
      menus = JSON.parse(await file.text());
    } catch {
      toast.error(t('menuTransfer.notJson', { name: file.name }));
      return;
    }
    if (
      !Array.isArray(menus) ||
      menus.some((m) => typeof m !== 'object' || m === null || typeof (m as MenuTree).name !== 'string')
    ) {
      toast.error(t('menuTransfer.notMenus', { name: file.name }));
      return;
    }
    setParent('');
    setLanding({ name: file.name, menus: menus as MenuTree[] });
  };
  const importNow = async () => {
    const { menus } = landing!;
    await entityApi(prefix).post('import', { menus, ...(parent ? { parentId: Number(parent) } : {}) }, { quiet: true });
    toast.success(t('menuTransfer.imported', { count: countOf(menus) }));
    onChanged();
    await mutate(PERMMENU_KEY);
  };

  return (
    <>
      {mayExport && (
        <button
          type="button"
          className={buttonClass.default}
          disabled={busy || selectedIds.length === 0}
          onClick={() => void exportMenus()}
          title={selectedIds.length === 0 ? t('menuTransfer.pickFirst') : undefined}
        >
          {t('menuTransfer.export')}
          {selectedIds.length > 0 && ` (${selectedIds.length})`}
        </button>
      )}
      {mayImport && (
        <>
          <button type="button" className={buttonClass.default} disabled={busy} onClick={() => input.current?.click()}>
            {t('menuTransfer.import')}
          </button>
          <input
            ref={input}
            type="file"
            hidden
            accept=".json,application/json"
            data-testid="menu-import-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void importMenus(f);
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={offered !== null}
        onClose={() => setOffered(null)}
        testId="menu-plugin-install"
        title={t('menuTransfer.installTitle')}
        tone="primary"
        confirmLabel={t('menuTransfer.install')}
        disabled={busy}
        onConfirm={() => install(offered!.file, offered!.question !== undefined)}
      >
        <p>
          {offered?.question
            ? offered.question.message
            : t('menuTransfer.installText', { name: offered?.file.name ?? '' })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={landing !== null}
        onClose={() => setLanding(null)}
        testId="menu-import-dialog"
        title={t('menuTransfer.import')}
        tone="primary"
        confirmLabel={t('menuTransfer.importNow', { count: landing ? countOf(landing.menus) : 0 })}
        disabled={parents.isLoading}
        onConfirm={importNow}
      >
        <p>
          {t('menuTransfer.importText', { name: landing?.name ?? '', count: landing ? countOf(landing.menus) : 0 })}
        </p>
        <label className="block space-y-1">
          <span className="text-muted">{t('menuTransfer.parent')}</span>
          <select
            className={inputClass}
            value={parent}
            onChange={(e) => setParent(e.target.value)}
            data-testid="menu-import-parent"
          >
            <option value="">{t('menuTransfer.topLevel')}</option>
            {parents.options.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>{`${'\u3000'.repeat(o.depth)}${o.label}`}</option>
            ))}
          </select>
        </label>
      </ConfirmDialog>
    </>
  );
}
