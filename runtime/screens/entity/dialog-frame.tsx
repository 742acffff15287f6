import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberFocus, restoreFocus, type FocusMemo } from '../../shell/focus-return';

export type DialogFrameProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
  testId?: string;
  /** `alertdialog` for a confirmation that interrupts (delete): announced as such, with its text as description. */
  role?: 'dialog' | 'alertdialog';
  /** The element to focus on opening instead of the first focusable one (a confirmation's Cancel). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Id of the text that describes the dialog (an alert dialog's question). */
  describedBy?: string;
};

/**
 * The generic screens' dialog: Radix Dialog (focus trap, Esc closes, outside click closes) with our panel styling.
 * Escape is left to an open picker inside the dialog first (it marks itself with data-jy-popover="open").
 * Focus goes back to what opened the dialog when it closes, or to its stand-in after a list refresh (focus-return.ts).
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  children,
  footer,
  width = 'max-w-2xl',
  testId,
  role = 'dialog',
  initialFocus,
  describedBy,
}: DialogFrameProps) {
  const { t } = useTranslation('entity');
  // Taken before Radix moves focus into the panel (layout effects run before its focus effect).
  const opener = useRef<FocusMemo | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = rememberFocus();
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px] data-[state=open]:animate-[jy-fade-in_0.15s_ease-out]" />
        <Dialog.Content
          role={role}
          aria-describedby={describedBy}
          data-testid={testId}
          onOpenAutoFocus={(e) => {
            if (initialFocus?.current) {
              e.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            if (restoreFocus(opener.current)) e.preventDefault();
          }}
          onEscapeKeyDown={(e) => {
            const panel = e.target instanceof Element ? e.target.closest('[role="dialog"],[role="alertdialog"]') : null;
            if (panel?.querySelector('[data-jy-popover="open"]')) e.preventDefault();
          }}
          onPointerDownOutside={(e) => {
            // A stray click beside a half-filled form must not throw the input away.
            if (footer) e.preventDefault();
          }}
          className={`jy-pop-in fixed top-[6vh] left-1/2 z-50 flex max-h-[88vh] w-[calc(100vw-24px)] ${width} -translate-x-1/2 flex-col rounded-lg border border-line bg-surface shadow-pop focus:outline-none`}
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-3">
            <Dialog.Title className="text-[15px] font-semibold text-ink">{title}</Dialog.Title>
            <Dialog.Close
              className="flex h-7 w-7 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-ink"
              aria-label={t('action.close')}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-auto px-5 py-4">{children}</div>
          {footer && <div className="flex items-center justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
