import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../widgets/ui-classes';
import { ConfirmDialog } from '../entity/confirm-dialog';
import { DialogFrame } from '../entity/dialog-frame';
import { PluginCard } from './plugin-card';
import { ConfigForm, configUi, Demos, ReadmeOf } from './plugin-dialogs';
import { moduleOf, usePlugins } from './plugins-model';

/**
 * The plugin centre (SPEC §2 /helper/plugins): installed plugins as cards — enable switch, configuration (a form from
 * the plugin's config schema), readme, uninstall (its tables kept unless asked) — and install by dropping a
 * `.joinery` package anywhere on the page or choosing one. The server's questions (already installed, same hook)
 * are asked here before it is forced. The state and actions are `usePlugins` (plugins-model.ts).
 */
export default function PluginsScreen() {
  const { t } = useTranslation('plugin');
  const ctl = usePlugins();
  const {
    plugins,
    installed,
    builtins,
    busy,
    dragOver,
    question,
    removing,
    dropTables,
    showing,
    reading,
    configuring,
  } = ctl;
  const { nameOf } = ctl;
  const input = useRef<HTMLInputElement>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for a package dragged in; the Choose button does the same by keyboard
    <div
      data-testid="plugins-screen"
      className="flex min-h-full flex-col gap-4 p-4"
      onDragOver={(e) => {
        e.preventDefault();
        ctl.setDragOver(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) ctl.setDragOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        ctl.setDragOver(false);
        ctl.pick(e.dataTransfer.files);
      }}
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
            ctl.pick(e.target.files);
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
              {installed.map((p) => (
                <PluginCard key={p.id} p={p} ctl={ctl} />
              ))}
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
            {builtins.map((p) => (
              <PluginCard key={p.id} p={p} ctl={ctl} />
            ))}
          </ul>
        </section>
      )}

      <ConfirmDialog
        open={question !== null}
        onClose={() => ctl.setQuestion(null)}
        title={t('confirmTitle')}
        testId="plugin-question"
        tone="primary"
        confirmLabel={t('continue')}
        onConfirm={() => {
          const f = question!.file;
          void ctl.send(f, true);
        }}
      >
        <p>{question?.q.message}</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={removing !== null}
        onClose={() => ctl.setRemoving(null)}
        title={t('uninstallTitle', { name: removing?.name ?? '' })}
        testId="plugin-uninstall"
        confirmLabel={t('uninstall')}
        disabled={busy !== null}
        onConfirm={() => ctl.uninstall(removing!)}
      >
        <p>{t('uninstallText')}</p>
        <label className="mt-3 flex items-center gap-2 text-[13px] text-ink">
          <input type="checkbox" checked={dropTables} onChange={(e) => ctl.setDropTables(e.target.checked)} />
          {t('dropTables')}
        </label>
      </ConfirmDialog>

      <DialogFrame
        open={showing !== null}
        onOpenChange={(o) => {
          if (!o) ctl.setShowing(null);
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
          if (!o) ctl.setReading(null);
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
            if (!o) ctl.setConfiguring(null);
          }}
          title={t('configTitle', { name: nameOf(configuring) })}
          width="max-w-lg"
          testId="plugin-config"
          footer={
            <>
              <button type="button" className={buttonClass.default} onClick={() => ctl.setConfiguring(null)}>
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
              void ctl
                .update(configuring, { config: data }, t('configSaved', { name: nameOf(configuring) }))
                .then((ok) => {
                  if (ok) ctl.setConfiguring(null);
                });
            }}
          />
        </DialogFrame>
      )}
    </div>
  );
}
