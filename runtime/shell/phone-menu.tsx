import { useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';

/**
 * The menu on a phone (or a window zoomed that narrow): a modal drawer from the left over a dimmed page — the WAI-ARIA
 * modal dialog pattern (Radix). Opening it moves focus to its first entry and keeps Tab inside; Escape or a tap on the
 * page closes it and gives focus back to the menu button; choosing a page closes it and leaves focus on the page that
 * opened (shell-layout.tsx `useFocusOnNavigation`), not on the button.
 */
export function PhoneMenu({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: (onNavigate: () => void) => ReactNode;
}) {
  const { t } = useTranslation('shell');
  const navigated = useRef(false);
  // What had focus when it opened (the menu button): Radix gives focus back only to a Dialog.Trigger.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="phone-menu"
          className="jy-drawer-in-start fixed inset-y-0 left-0 z-40 flex max-w-[85vw] focus:outline-none"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = navigated.current ? document.getElementById('main') : opener.current;
            navigated.current = false;
            target?.focus({ preventScroll: true });
          }}
        >
          <Dialog.Title className="sr-only">{t('menu.title')}</Dialog.Title>
          {children(() => {
            navigated.current = true;
            onClose();
          })}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
