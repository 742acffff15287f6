import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useFormValidator } from '../../engine/form-validator';
import type { ModuleDemo } from '../../modules/registry';
import { rjsfWidgets, widgetRegistry } from '../../widgets/widget-registry';
import { formTemplates } from '../entity/form-templates';
import { translateErrors } from '../entity/form-messages';
import { plugins$, type Plugin } from './plugins-model';

const demoScreens = new Map<string, LazyExoticComponent<ComponentType>>();
const demoScreen = (d: ModuleDemo) => {
  let screen = demoScreens.get(d.key);
  if (!screen) {
    screen = lazy(d.load);
    demoScreens.set(d.key, screen);
  }
  return screen;
};

/** The settings form's labels: a built-in's in the reader's language (plugin:builtin.<key>.config.<field>). */
export function configUi(p: Plugin, t: (key: string, o?: Record<string, unknown>) => string): Record<string, unknown> {
  const ui: Record<string, unknown> = { 'ui:submitButtonOptions': { norender: true } };
  if (!p.builtin) return ui;
  const props = (p.pluginJson?.configSchema?.properties ?? {}) as Record<string, { title?: string }>;
  for (const [field, def] of Object.entries(props))
    ui[field] = { 'ui:title': t(`builtin.${p.keyName}.config.${field}`, { defaultValue: def.title ?? field }) };
  return ui;
}

/** A plugin's demos, one tab each (the original's plugin page shows them so); a demo's code loads when its tab opens. */
export function Demos({ demos }: { demos: ModuleDemo[] }) {
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
export function ReadmeOf({ plugin }: { plugin: Plugin | null }) {
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
export function ConfigForm({
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
