import { useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * A roving tab stop (WAI-ARIA APG) over the controls of a container that carry `data-rove` (their key): one of them
 * is in the Tab order — the one last focused, else the chosen one — and ↑↓ (←→ too) Home End move focus between
 * them, in document order. The container takes `onKeyDown` and `onFocus`; each control its `tabIndex(key, …)`.
 */
export function useRoving() {
  const [focused, setFocused] = useState<string | null>(null);
  return {
    /**
     * 0 for the stop: the control last focused while it is still shown, else `chosen` if shown, else the first of
     * `shown`; -1 for the others.
     */
    tabIndex(key: string, chosen: string, shown: string[]): 0 | -1 {
      const stop = focused !== null && shown.includes(focused) ? focused : shown.includes(chosen) ? chosen : shown[0];
      return key === stop ? 0 : -1;
    },
    onFocus(e: FocusEvent<HTMLElement>) {
      const key = (e.target as HTMLElement).dataset.rove;
      if (key !== undefined) setFocused(key);
    },
    onKeyDown(e: KeyboardEvent<HTMLElement>) {
      const target = e.target as HTMLElement;
      if (target.dataset.rove === undefined) return;
      const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-rove]')];
      const at = all.indexOf(target);
      const to =
        e.key === 'ArrowDown' || e.key === 'ArrowRight'
          ? Math.min(at + 1, all.length - 1)
          : e.key === 'ArrowUp' || e.key === 'ArrowLeft'
            ? Math.max(at - 1, 0)
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? all.length - 1
                : null;
      if (to === null) return;
      e.preventDefault();
      all[to]?.focus();
    },
  };
}
