import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { entityApi } from '../engine/entity-api';
import { usePermission } from '../engine/permission';
import { PERMMENU_KEY } from '../engine/menu';
import { EPS_KEY } from '../engine/eps';
import { installPackage, isPluginPackage, type InstallQuestion } from '../engine/plugin-install';
import { DialogFrame } from '../screens/entity/dialog-frame';
import { toast } from '../shell/toast';
import { buttonClass } from '../widgets/ui-classes';
import type { ToolbarExtraProps } from './toolbar-extras';

type MenuTree = Record<string, unknown> & { name?: unknown; childMenus?: MenuTree[] };

/** How many menus a tree list holds (for the messages). */
const countOf = (trees: MenuTree[]): number =>
  trees.reduce((n, m) => n + 1 + countOf(Array.isArray(m.childMenus) ? m.childMenus : []), 0);

/**
 * The menus' own export and import (PROTOCOL §7.5), as the original's menu page: the ticked menus with everything
 * below them download as a JSON file of trees; a file of that shape is imported as new menus (new ids), and the
 * sidebar follows. A file that is not such a list is refused before anything is sent.
 */
export default function MenuTransfer({ prefix, selectedIds, onChanged }: ToolbarExtraProps) {
  const { t } = useTranslation('entity');
  const { mutate } = useSWRConfig();
  const perm = (a: string) => `${prefix.replace(/\//g, ':')}:${a}`;
  const mayExport = usePermission(perm('export'));
  const mayImport = usePermission(perm('import'));
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const mayInstall = usePermission('plugin:info:install');
  // A plugin package dropped anywhere on the menu page offers its installation (as the original's menu page).
  const [offered, setOffered] = useState<{ file: File; question?: InstallQuestion } | null>(null);
  useEffect(() => {
    if (!mayInstall) return undefined;
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
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

  const install = async (file: File, force: boolean) => {
    setBusy(true);
    try {
      const question = await installPackage(file, force);
      if (question && question.type === 0) {
        toast.error(question.message);
        setOffered(null);
      } else if (question) {
        setOffered({ file, question });
      } else {
        setOffered(null);
        toast.success(t('menuTransfer.installed', { name: file.name }));
        onChanged();
        await Promise.all([mutate(PERMMENU_KEY), mutate(EPS_KEY)]);
      }
    } catch (e) {
      setOffered(null);
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
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
      toast.error(e instanceof Error ? e.message : String(e));
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
    setBusy(true);
    try {
      await entityApi(prefix).post('import', { menus }, { quiet: true });
      toast.success(t('menuTransfer.imported', { count: countOf(menus as MenuTree[]) }));
      onChanged();
      await mutate(PERMMENU_KEY);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
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
      <DialogFrame
        open={offered !== null}
        onOpenChange={(o) => {
          if (!o) setOffered(null);
        }}
        width="max-w-md"
        testId="menu-plugin-install"
        title={t('menuTransfer.installTitle')}
        footer={
          <>
            <button type="button" className={buttonClass.default} onClick={() => setOffered(null)}>
              {t('action.cancel')}
            </button>
            <button
              type="button"
              className={buttonClass.primary}
              disabled={busy}
              onClick={() => void install(offered!.file, offered!.question !== undefined)}
            >
              {t('menuTransfer.install')}
            </button>
          </>
        }
      >
        <p className="text-[13px] text-ink">
          {offered?.question
            ? offered.question.message
            : t('menuTransfer.installText', { name: offered?.file.name ?? '' })}
        </p>
      </DialogFrame>
    </>
  );
}
