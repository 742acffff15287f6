import { useTranslation } from 'react-i18next';
import { Icon } from '../../shell/icons';
import { buttonClass } from '../../widgets/ui-classes';
import { moduleOf, type Plugin, type Plugins } from './plugins-model';

/** The glyph of each built-in plugin on its card. */
const BUILTIN_ICONS: Record<string, string> = {
  icon: 'icon-common',
  print: 'printer',
  tailwind: 'icon-code',
  theme: 'palette',
  upload: 'upload',
  view: 'icon-list',
};

/** A plugin as a card: its face and name, the enable switch, its state and tags, and what can be done with it. */
export function PluginCard({ p, ctl }: { p: Plugin; ctl: Plugins }) {
  const { t } = useTranslation('plugin');
  const { busy, nameOf, summaryOf, update, setConfiguring, setShowing, setReading, setDropTables, setRemoving } = ctl;
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
}
