/**
 * Where focus goes back to when a dialog, confirmation, menu or picker closes (WAI-ARIA APG): the element that
 * opened it. A list refresh may have replaced that element by the time it closes, so an opener can carry
 * `data-focus-key` (e.g. "edit:42") and its stand-in with the same key takes focus; when the opener is gone for good
 * (the row was deleted), the nearest enclosing `data-focus-home` (the table) does, then the page's main region.
 */
export type FocusMemo = { el: HTMLElement | null; key: string | null; home: HTMLElement | null };

export function rememberFocus(): FocusMemo {
  const el =
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null;
  return {
    el,
    key: el?.getAttribute('data-focus-key') ?? null,
    home: el?.closest<HTMLElement>('[data-focus-home]') ?? null,
  };
}

const focusable = (el: HTMLElement | null | undefined): el is HTMLElement =>
  !!el && el.isConnected && !el.hasAttribute('disabled') && el.getClientRects().length > 0;

/** Focuses the remembered opener or its stand-in; returns whether anything took focus. */
export function restoreFocus(memo: FocusMemo | null | undefined): boolean {
  if (!memo) return false;
  const byKey = memo.key ? document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(memo.key)}"]`) : null;
  const home = memo.home?.isConnected ? memo.home : document.querySelector<HTMLElement>('[data-focus-home]');
  const target = [memo.el, byKey, home, document.querySelector<HTMLElement>('main')].find(focusable);
  if (!target) return false;
  target.focus({ preventScroll: false });
  return document.activeElement === target;
}
