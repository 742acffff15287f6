import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { useDismiss } from './use-dismiss';
import { useToastLog, type ToastKind } from './toast';

const TONE: Record<ToastKind, string> = {
  success: 'text-success',
  error: 'text-danger',
  warning: 'text-warning',
  info: 'text-primary',
};

/**
 * The recent messages (the last toasts, newest first) behind a header button, to read again one that went by too
 * fast. Escape or the button closes the list and focus goes back to the button.
 */
export function MessageLog() {
  const { t, i18n } = useTranslation('shell');
  const log = useToastLog();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);
  useDismiss(root, open, () => {
    const inside = root.current?.contains(document.activeElement);
    setOpen(false);
    if (inside) button.current?.focus();
  });
  // Made when the list is first opened in a language: a formatter's first construction loads the locale's data (about
  // 25 ms of a cold page load, for a button that is usually never opened).
  const time = useMemo(
    () =>
      open
        ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
        : undefined,
    [open, i18n.language],
  );
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="message-log"
        aria-label={t('messages.title')}
        title={t('messages.title')}
        onClick={() => setOpen((o) => !o)}
        className="flex h-8 w-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-hover hover:text-ink"
      >
        <Icon name="clock" size={17} />
      </button>
      {open && (
        // Under the button; on a phone across the window under the header (the button sits mid-header there, and a
        // panel hung from it ran off the left edge).
        <section
          id={panelId}
          aria-label={t('messages.title')}
          className="jy-pop-in absolute top-full right-0 z-50 mt-1.5 w-80 max-w-[calc(100vw-24px)] rounded-lg border border-line bg-surface p-2 shadow-pop max-sm:fixed max-sm:inset-x-3 max-sm:top-14 max-sm:w-auto max-sm:max-w-none"
        >
          <h2 className="px-1 pb-1 text-[13px] font-semibold text-ink">{t('messages.title')}</h2>
          {log.length === 0 ? (
            <p className="px-1 py-3 text-[13px] text-muted">{t('messages.none')}</p>
          ) : (
            // Focusable, so the list can be scrolled and read from the keyboard.
            <ol
              className="max-h-80 space-y-1 overflow-auto focus:outline-none"
              tabIndex={-1}
              ref={list}
              aria-label={t('messages.title')}
            >
              {log.map((m) => (
                <li key={m.id} className="rounded px-1 py-1 text-[13px] text-ink">
                  <span className={`mr-1.5 font-medium ${TONE[m.kind]}`}>{t(`messages.kind.${m.kind}`)}</span>
                  <time className="mr-1.5 text-muted tabular-nums" dateTime={new Date(m.at).toISOString()}>
                    {time?.format(m.at)}
                  </time>
                  <span className="break-words">{m.text}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
