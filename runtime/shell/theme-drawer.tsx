import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { THEME_COLORS, setTheme, useTheme, type Transition } from '../engine/theme';
import { Icon } from './icons';
import { onColor } from '../engine/contrast';

function Switch({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={`relative h-5 w-9 shrink-0 rounded-full transition-colors ${checked ? 'bg-primary' : 'bg-line-strong'}`}
    >
      <span
        className={`absolute left-0 top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-[18px]' : 'translate-x-0.5'}`}
      />
    </button>
  );
}

function Row({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p className="text-sm text-ink">{title}</p>
        {hint && <p className="mt-0.5 text-xs text-muted">{hint}</p>}
      </div>
      {children}
    </div>
  );
}

/** Theme settings: colour, dark mode, menu grouping and page transition; every choice persists. */
export function ThemeDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const transitions: Transition[] = ['slide', 'fade', 'none'];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="theme-drawer"
          className="jy-drawer-in fixed inset-y-0 right-0 z-50 flex w-80 max-w-full flex-col border-l border-line bg-surface shadow-pop focus:outline-none"
        >
          <div className="flex h-14 items-center justify-between border-b border-line px-5">
            <Dialog.Title className="text-[15px] font-semibold text-ink">{t('theme.title')}</Dialog.Title>
            <Dialog.Close
              className="rounded-md p-1.5 text-muted hover:bg-hover hover:text-ink"
              aria-label={t('common:actions.close')}
            >
              <Icon name="close" size={16} />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">
            <p className="mb-3 text-xs font-medium uppercase tracking-wide text-faint">{t('theme.color')}</p>
            <div className="grid grid-cols-4 gap-3">
              {THEME_COLORS.map((c) => {
                const selected = theme.color.toLowerCase() === c.color.toLowerCase();
                return (
                  <button
                    key={c.key}
                    type="button"
                    onClick={() => setTheme({ color: c.color })}
                    aria-pressed={selected}
                    data-testid={`theme-color-${c.key}`}
                    className="group flex flex-col items-center gap-1.5"
                  >
                    <span
                      className={`flex h-9 w-9 items-center justify-center rounded-lg ring-offset-2 ring-offset-surface transition ${selected ? 'ring-2 ring-muted' : 'group-hover:scale-105'}`}
                      style={{ backgroundColor: c.color }}
                    >
                      {selected && (
                        <span style={{ color: onColor(c.color) }}>
                          <Icon name="check" size={16} />
                        </span>
                      )}
                    </span>
                    <span className="text-[11px] text-muted">{t(`theme.colors.${c.key}`)}</span>
                  </button>
                );
              })}
            </div>
            <div className="mt-5 divide-y divide-line border-t border-line">
              <Row title={t('theme.dark')} hint={t('theme.darkHint')}>
                <Switch
                  checked={theme.dark}
                  onChange={(dark) => setTheme({ dark })}
                  label={t('theme.dark')}
                  testId="theme-dark"
                />
              </Row>
              <Row title={t('theme.menuGroup')} hint={t('theme.menuGroupHint')}>
                <Switch
                  checked={theme.menuGroup}
                  onChange={(menuGroup) => setTheme({ menuGroup })}
                  label={t('theme.menuGroup')}
                  testId="theme-menu-group"
                />
              </Row>
              <div className="py-3">
                <p className="mb-2 text-sm text-ink">{t('theme.transition')}</p>
                <div className="grid grid-cols-3 gap-1 rounded-lg bg-subtle p-1">
                  {transitions.map((tr) => (
                    <button
                      key={tr}
                      type="button"
                      onClick={() => setTheme({ transition: tr })}
                      aria-pressed={theme.transition === tr}
                      className={`rounded-md py-1.5 text-[13px] transition-colors ${theme.transition === tr ? 'bg-surface font-medium text-ink shadow-panel' : 'text-muted hover:text-ink'}`}
                    >
                      {t(`theme.transitions.${tr}`)}
                    </button>
                  ))}
                </div>
              </div>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
