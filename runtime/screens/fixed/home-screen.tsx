import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMenu, type MenuNode } from '../../engine/menu';
import { Icon } from '../../shell/icons';
import { useMenuLabel } from '../../shell/menu-label';
import { visibleNodes } from '../../shell/sidebar';
import { displayName, usePerson } from '../../shell/use-person';

/** The shell:home greeting key for an hour of the day. */
export function greetingKey(hour: number): string {
  if (hour < 12) return 'home.morning';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

/** Pages of a directory, flattened: nested directories add nothing a shortcut needs. */
function pagesOf(node: MenuNode): MenuNode[] {
  return node.type === 1 ? [node] : node.children.flatMap(pagesOf);
}

/** The home page until the dashboard arrives: a greeting and every page the user may open. */
export default function HomeScreen() {
  const { t } = useTranslation('shell');
  const { person } = usePerson();
  const menu = useMenu();
  const label = useMenuLabel();
  const sections = visibleNodes(menu.tree)
    .map((n) => ({ node: n, pages: pagesOf(n).filter((p) => p.path !== '/') }))
    .filter((s) => s.pages.length);

  return (
    <div className="space-y-4" data-testid="home">
      <section className="relative overflow-hidden rounded-lg border border-line bg-surface px-6 py-6 shadow-panel">
        <div className="absolute -right-10 -top-16 h-48 w-48 rounded-full bg-primary-9" />
        <div className="absolute -right-2 top-10 h-24 w-24 rounded-full bg-primary-8 opacity-60" />
        <div className="relative">
          <h1 className="text-xl font-semibold text-ink" data-testid="greeting">
            {t(greetingKey(new Date().getHours()), { name: displayName(person) })}
          </h1>
          <p className="mt-1.5 max-w-2xl text-sm text-muted">{t('home.intro')}</p>
        </div>
      </section>
      <section>
        <h2 className="mb-2.5 px-1 text-xs font-medium uppercase tracking-wide text-faint">{t('home.shortcuts')}</h2>
        {sections.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong bg-surface px-5 py-8 text-center text-sm text-muted">
            {t('home.noPages')}
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {sections.map(({ node, pages }) => (
              <div key={node.id} className="rounded-lg border border-line bg-surface p-4 shadow-panel">
                <div className="mb-2.5 flex items-center gap-2 text-[13px] font-medium text-ink">
                  <span className="flex h-7 w-7 items-center justify-center rounded-md bg-primary-9 text-primary">
                    <Icon name={node.icon} size={15} />
                  </span>
                  {label(node)}
                </div>
                <ul className="space-y-0.5">
                  {pages.map((p) => (
                    <li key={p.id}>
                      <Link
                        to={p.path}
                        className="flex items-center justify-between rounded-md px-2 py-1.5 text-[13px] text-muted transition-colors hover:bg-hover hover:text-primary"
                      >
                        <span className="truncate">{label(p)}</span>
                        <Icon name="chevron-right" size={13} className="opacity-50" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
