import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { setTheme, useThemeOption } from '../engine/theme';
import { IconButton } from '../shell/icon-button';
import { useEver } from '../engine/use-ever';

// The panel's code (and the dialog library) loads when it is first opened.
const ThemeDrawer = lazy(() => import('../shell/theme-drawer').then((m) => ({ default: m.ThemeDrawer })));

let open = false;
const listeners = new Set<() => void>();
const setOpen = (value: boolean) => {
  open = value;
  for (const l of listeners) l();
};
const useOpen = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );

/** The theme plugin's toolbar entry: dark mode at a click, and the theme panel. */
export function ThemeToolbar() {
  const { t } = useTranslation('shell');
  const dark = useThemeOption('dark');
  return (
    <>
      <IconButton
        icon={dark ? 'sun' : 'moon'}
        label={dark ? t('header.light') : t('header.dark')}
        onClick={() => setTheme({ dark: !dark })}
        testId="toggle-dark"
        pressed={dark}
      />
      <IconButton icon="palette" label={t('header.theme')} onClick={() => setOpen(true)} testId="open-theme" />
    </>
  );
}

/** The theme plugin's index component: the theme panel, beside the routed view. */
export function ThemeHost() {
  const isOpen = useOpen();
  const used = useEver(isOpen);
  return used ? (
    <Suspense fallback={null}>
      <ThemeDrawer open={isOpen} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
}
