import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes a popover (menu, calendar, picker) on a press outside `ref` and, unless told otherwise, on Escape — while
 * `open`. The one place the console's popovers listen for it.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: () => void,
  options: { escape?: boolean } = {},
): void {
  const closeOnEscape = options.escape ?? true;
  // The latest callback, so callers need not memoise it.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) dismiss.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dismiss.current();
    };
    document.addEventListener('mousedown', onDown);
    if (closeOnEscape) document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, ref, closeOnEscape]);
}
