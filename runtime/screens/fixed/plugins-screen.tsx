import { lazy, Suspense, useRef, useState, type ComponentType, type DragEvent, type LazyExoticComponent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import Form from '@rjsf/core';
import { translateErrors } from '../entity/form-messages';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { RequestError } from '../../engine/request';
import { entityApi } from '../../engine/entity-api';
import { useFormValidator } from '../../engine/form-validator';

const plugins$ = entityApi('plugin/info');
import {
  installPackage as install,
  isPluginPackage as isPackage,
  type InstallQuestion,
} from '../../engine/plugin-install';
import { EPS_KEY } from '../../engine/eps';
import { PERMMENU_KEY } from '../../engine/menu';
import { toast } from '../../shell/toast';
import { Icon } from '../../shell/icons';
import { BUILTIN_PLUGINS_KEY } from '../../engine/builtin-plugins';
import { BUILTIN_MODULES } from '../../modules/builtin-modules';
import type { ModuleDemo } from '../../modules/registry';
import { rjsfWidgets, widgetRegistry } from '../../widgets/widget-registry';
import { buttonClass } from '../../widgets/ui-classes';
import { DialogFrame } from '../entity/dialog-frame';
import { ConfirmDialog } from '../entity/confirm-dialog';
import { formTemplates } from '../entity/form-templates';

type Plugin = {
  id: number;
  name: string;
  keyName: string;
  version: string | null;
  description: string | null;
  author: string | null;
  hook: string | null;
  logo: string | null;
  status: number;
  live?: boolean;
  readme?: string | null;
  builtin?: boolean;
  pluginJson: { configSchema?: RJSFSchema; locked?: boolean; order?: number } | null;
  config: Record<string, unknown> | null;
};
type PageReply = { list: Plugin[]; pagination: { total: number } };

const PAGE_KEY = plugins$.url('page');

/** The glyph of each built-in plugin on its card. */
const BUILTIN_ICONS: Record<string, string> = {
  icon: 'icon-common',
  print: 'printer',
  tailwind: 'icon-code',
  theme: 'palette',
  upload: 'upload',
  view: 'icon-list',
};
const moduleOf = (keyName: string) => BUILTIN_MODULES.find((m) => m.name === keyName);

const demoScreens = new Map<string, LazyExoticComponent<ComponentType>>();
const demoScreen = (d: ModuleDemo) => {
  let screen = demoScreens.get(d.key);
  if (!screen) {
    screen = lazy(d.load);
    demoScreens.set(d.key, screen);
  }
  return screen;
};

/**
 * The plugin centre (SPEC §2 /helper/plugins): installed plugins as cards — enable switch, configuration (a form from
 * the plugin's config schema), readme, uninstall (its tables kept unless asked) — and install by dropping a
 * `.joinery` package anywhere on the page or choosing one. The server's questions (already installed, same hook)
 * are asked here before it is forced.
 */
export default function PluginsScreen() {
  const { t } = useTranslation('plugin');
  const { mutate } = useSWRConfig();
  const plugins = useSWR<PageReply>(PAGE_KEY, () =>
    plugins$.post<PageReply>('page', { page: 1, size: 100, order: 'id', sort: 'desc' }),
  );
  const [dragOver, setDragOver] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [question, setQuestion] = useState<{ file: File; q: InstallQuestion } | null>(null);
  const [configuring, setConfiguring] = useState<Plugin | null>(null);
  const [reading, setReading] = useState<Plugin | null>(null);
  const [showing, setShowing] = useState<Plugin | null>(null);
  const [removing, setRemoving] = useState<Plugin | null>(null);
  const [dropTables, setDropTables] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const all = plugins.data?.list ?? [];
  const installed = all.filter((p) => !p.builtin);
  const builtins = all
    .filter((p) => p.builtin)
    .sort((a, b) => (moduleOf(a.keyName)?.order ?? 99) - (moduleOf(b.keyName)?.order ?? 99));
  /** A built-in's name and summary in the reader's language (its row holds the original's Chinese). */
  const nameOf = (p: Plugin) => (p.builtin ? t(`builtin.${p.keyName}.name`, { defaultValue: p.name }) : p.name);
  const summaryOf = (p: Plugin) =>
    p.builtin ? t(`builtin.${p.keyName}.description`, { defaultValue: p.description ?? '' }) : p.description;

  /** After a change that adds or removes entities: the list, the sidebar, the entity metadata and the console's own parts are read again. */
  const refresh = () =>
    Promise.all([plugins.mutate(), mutate(EPS_KEY), mutate(PERMMENU_KEY), mutate(BUILTIN_PLUGINS_KEY)]);

  const send = async (file: File, force: boolean) => {
    setBusy(file.name);
    try {
      const q = await install(file, force);
      if (q && q.type === 0) toast.error(q.message);
      else if (q) setQuestion({ file, q });
      else {
        toast.success(t('installed', { name: file.name }));
        await refresh();
      }
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!isPackage(file)) {
      toast.error(t('notPackage', { name: file.name }));
      return;
    }
    void send(file, false);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    pick(e.dataTransfer.files);
  };

  const update = async (plugin: Plugin, body: Record<string, unknown>, done: string) => {
    setBusy(plugin.keyName);
    try {
      await plugins$.update({ id: plugin.id, ...body }, { quiet: true });
      toast.success(done);
      await refresh();
      return true;
    } catch (e) {
      toast.error(e instanceof RequestError || e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const uninstall = async (plugin: Plugin) => {
    setBusy(plugin.keyName);
    try {
      await plugins$.post('delete', { ids: [plugin.id], dropTables }, { quiet: true });
      toast.success(t('uninstalled', { name: plugin.name }));
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  const card = (p: Plugin) => {
    const on = Number(p.status) === 1;
    const locked = p.builtin && p.pluginJson?.locked === true;
    const demos = p.builtin ? (moduleOf(p.keyName)?.demos ?? []) : [];
    return (
      <li
        key={p.id}
        data-testid="plugin-card"
        data-key={p.keyName}
        className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-panel"
      >
        <div className="flex items-start gap-3">
          {p.logo ? (
            <img src={p.logo} alt="" className="h-12 w-12 shrink-0 rounded-md border border-line object-contain" />
          ) : p.builtin ? (
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-primary-9 text-primary">
              <Icon name={BUILTIN_ICONS[p.keyName] ?? 'plugin'} size={24} />
            </span>
          ) : (
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-subtle text-lg font-semibold text-muted">
              {p.name.slice(0, 1)}
            </span>
          )}
          <div className="min-w-0 flex-1">
            {/* Each card's title, under its section's h2 (axe p-as-heading: a bold paragraph is not a heading). */}
            <h3 className="truncate text-[15px] font-semibold text-ink">{nameOf(p)}</h3>
            <p className="truncate text-[12px] text-muted">
              {p.keyName}
              {p.version ? ` · v${p.version}` : ''}
              {p.author ? ` · ${p.author}` : ''}
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label={t('enable', { name: nameOf(p) })}
            disabled={busy !== null || locked}
            title={locked ? t('locked') : undefined}
            onClick={() =>
              void update(
                p,
                { status: on ? 0 : 1 },
                on ? t('disabled', { name: nameOf(p) }) : t('enabled', { name: nameOf(p) }),
              )
            }
            className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${on ? 'bg-primary' : 'bg-line-strong'}`}
          >
            <span
              className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-[18px]' : 'translate-x-0.5'}`}
            />
          </button>
        </div>
        {summaryOf(p) && <p className="line-clamp-2 text-[13px] text-ink">{summaryOf(p)}</p>}
        <div className="flex flex-wrap items-center gap-1.5 text-[12px]">
          <span
            className={`rounded px-1.5 py-0.5 ${on && p.live ? 'bg-success-soft text-success' : on ? 'bg-warning-soft text-warning' : 'bg-subtle text-muted'}`}
          >
            {on && p.live ? t('state.live') : on ? t('state.notLoaded') : t('state.off')}
          </span>
          {p.builtin && <span className="rounded bg-primary-9 px-1.5 py-0.5 text-primary">{t('builtin.tag')}</span>}
          {locked && <span className="rounded bg-subtle px-1.5 py-0.5 text-muted">{t('lockedTag')}</span>}
          {p.hook && <span className="rounded bg-subtle px-1.5 py-0.5 text-muted">hook: {p.hook}</span>}
        </div>
        <div className="mt-auto flex flex-wrap gap-1 border-t border-line pt-2">
          {p.pluginJson?.configSchema && (
            <button type="button" className={buttonClass.link} onClick={() => setConfiguring(p)}>
              {t('configure')}
            </button>
          )}
          {on && demos.length > 0 && (
            <button type="button" className={buttonClass.link} onClick={() => setShowing(p)}>
              {t('demos.open', { count: demos.length })}
            </button>
          )}
          <button type="button" className={buttonClass.link} onClick={() => setReading(p)}>
            {t('readme')}
          </button>
          {!p.builtin && (
            <button
              type="button"
              className={`${buttonClass.linkDanger} ml-auto`}
              onClick={() => {
                setDropTables(false);
                setRemoving(p);
              }}
            >
              {t('uninstall')}
            </button>
          )}
        </div>
      </li>
    );
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for a package dragged in; the Choose button does the same by keyboard
    <div
      data-testid="plugins-screen"
      className="flex min-h-full flex-col gap-4 p-4"
      onDragOver={(e) => {
        e.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragOver(false);
      }}
      onDrop={onDrop}
    >
      <div
        data-testid="plugin-drop"
        className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors ${dragOver ? 'border-primary bg-primary-9 text-primary' : 'border-line-strong bg-surface text-muted'}`}
      >
        <p className="text-[14px] font-medium text-ink">
          {busy?.includes('.') ? t('installing', { name: busy }) : t('dropHere')}
        </p>
        <p className="text-[12px]">{t('dropHint')}</p>
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => input.current?.click()}
          disabled={busy !== null}
        >
          {t('choose')}
        </button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".joinery,.zip"
          data-testid="plugin-file"
          onChange={(e) => {
            pick(e.target.files);
            e.target.value = '';
          }}
        />
      </div>

      {plugins.error && (
        <p className="rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
          {plugins.error instanceof Error ? plugins.error.message : String(plugins.error)}
        </p>
      )}
      {plugins.data && (
        <section aria-labelledby="plugins-installed" className="flex flex-col gap-2">
          <h2 id="plugins-installed" className="text-[13px] font-semibold text-muted">
            {t('installedTitle')}
          </h2>
          {installed.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line py-6 text-center text-[13px] text-muted">
              {t('none')}
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label={t('installedTitle')}>
              {installed.map((p) => card(p))}
            </ul>
          )}
        </section>
      )}
      {builtins.length > 0 && (
        <section aria-labelledby="plugins-builtin" className="flex flex-col gap-2">
          <h2 id="plugins-builtin" className="text-[13px] font-semibold text-muted">
            {t('builtinTitle')}
          </h2>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label={t('builtinTitle')}>
            {builtins.map((p) => card(p))}
          </ul>
        </section>
      )}

      <ConfirmDialog
        open={question !== null}
        onClose={() => setQuestion(null)}
        title={t('confirmTitle')}
        testId="plugin-question"
        tone="primary"
        confirmLabel={t('continue')}
        onConfirm={() => {
          const f = question!.file;
          void send(f, true);
        }}
      >
        <p>{question?.q.message}</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('uninstallTitle', { name: removing?.name ?? '' })}
        testId="plugin-uninstall"
        confirmLabel={t('uninstall')}
        disabled={busy !== null}
        onConfirm={() => uninstall(removing!)}
      >
        <p>{t('uninstallText')}</p>
        <label className="mt-3 flex items-center gap-2 text-[13px] text-ink">
          <input type="checkbox" checked={dropTables} onChange={(e) => setDropTables(e.target.checked)} />
          {t('dropTables')}
        </label>
      </ConfirmDialog>

      <DialogFrame
        open={showing !== null}
        onOpenChange={(o) => {
          if (!o) setShowing(null);
        }}
        title={showing ? t('demos.title', { name: nameOf(showing) }) : ''}
        width="max-w-5xl"
        testId="plugin-demos"
      >
        {showing && <Demos demos={moduleOf(showing.keyName)?.demos ?? []} />}
      </DialogFrame>

      <DialogFrame
        open={reading !== null}
        onOpenChange={(o) => {
          if (!o) setReading(null);
        }}
        title={reading ? nameOf(reading) : ''}
        testId="plugin-readme"
      >
        <ReadmeOf plugin={reading} />
      </DialogFrame>

      {configuring && (
        <DialogFrame
          open
          onOpenChange={(o) => {
            if (!o) setConfiguring(null);
          }}
          title={t('configTitle', { name: nameOf(configuring) })}
          width="max-w-lg"
          testId="plugin-config"
          footer={
            <>
              <button type="button" className={buttonClass.default} onClick={() => setConfiguring(null)}>
                {t('cancel')}
              </button>
              <button type="submit" form="plugin-config-form" className={buttonClass.primary} disabled={busy !== null}>
                {t('save')}
              </button>
            </>
          }
        >
          <ConfigForm
            schema={configuring.pluginJson!.configSchema!}
            uiSchema={configUi(configuring, t)}
            formData={configuring.config ?? {}}
            onSubmit={(data) => {
              void update(configuring, { config: data }, t('configSaved', { name: nameOf(configuring) })).then((ok) => {
                if (ok) setConfiguring(null);
              });
            }}
          />
        </DialogFrame>
      )}
    </div>
  );
}

/** The settings form's labels: a built-in's in the reader's language (plugin:builtin.<key>.config.<field>). */
function configUi(p: Plugin, t: (key: string, o?: Record<string, unknown>) => string): Record<string, unknown> {
  const ui: Record<string, unknown> = { 'ui:submitButtonOptions': { norender: true } };
  if (!p.builtin) return ui;
  const props = (p.pluginJson?.configSchema?.properties ?? {}) as Record<string, { title?: string }>;
  for (const [field, def] of Object.entries(props))
    ui[field] = { 'ui:title': t(`builtin.${p.keyName}.config.${field}`, { defaultValue: def.title ?? field }) };
  return ui;
}

/** A plugin's demos, one tab each (the original's plugin page shows them so); a demo's code loads when its tab opens. */
function Demos({ demos }: { demos: ModuleDemo[] }) {
  const { t } = useTranslation('plugin');
  const [active, setActive] = useState(0);
  const demo = demos[active];
  const Screen = demo ? demoScreen(demo) : null;
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={t('demos.tabs')} className="flex flex-wrap gap-1 border-b border-line">
        {demos.map((d, i) => (
          <button
            key={d.key}
            type="button"
            role="tab"
            aria-selected={i === active}
            onClick={() => setActive(i)}
            className={`-mb-px border-b-2 px-3 py-2 text-[13px] ${i === active ? 'border-primary font-medium text-primary' : 'border-transparent text-muted hover:text-ink'}`}
          >
            {t(`demos.${d.key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="min-h-[240px]">
        {Screen && (
          <Suspense fallback={<p className="py-10 text-center text-[13px] text-muted">{t('loading')}</p>}>
            <Screen key={demo.key} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** The plugin's README (info carries it), shown as text. */
function ReadmeOf({ plugin }: { plugin: Plugin | null }) {
  const { t } = useTranslation('plugin');
  const info = useSWR<Plugin>(plugin ? [plugins$.url('info'), plugin.id] : null, ([, id]: [string, number]) =>
    plugins$.get<Plugin>('info', { id }),
  );
  if (!plugin) return null;
  if (!info.data) return <p className="py-6 text-center text-[13px] text-muted">{t('loading')}</p>;
  const text = plugin.builtin
    ? t(`builtin.${plugin.keyName}.readme`, { defaultValue: info.data.readme ?? '' })
    : info.data.readme;
  return (
    <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap text-[13px] leading-6 text-ink">
      {text || t('noReadme')}
    </pre>
  );
}

/** A plugin's settings form; its validator is compiled by the server for the plugin's configSchema. */
function ConfigForm({
  schema,
  uiSchema,
  formData,
  onSubmit,
}: {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
  onSubmit: (data: Record<string, unknown>) => void;
}) {
  const { validator } = useFormValidator(schema);
  // The validator's messages in the interface language, as the entity forms show them (not ajv's English).
  const { t } = useTranslation('entity');
  if (!validator) return <p className="py-6 text-center text-[13px] text-muted">…</p>;
  return (
    <Form
      id="plugin-config-form"
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={rjsfWidgets}
      fields={widgetRegistry.fields}
      templates={formTemplates}
      showErrorList={false}
      noHtml5Validate
      transformErrors={(errors) => translateErrors(errors, t, new Set(), schema)}
      onSubmit={(e) => onSubmit((e.formData ?? {}) as Record<string, unknown>)}
    />
  );
}
