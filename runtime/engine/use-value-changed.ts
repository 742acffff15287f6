import { useState } from 'react';

/**
 * True during the render in which `value` differs (Object.is) from the one of the previous render. For state that
 * follows a prop ("adjusting some state when a prop changes" in React's docs): the caller sets its state during that
 * render, so React renders again at once instead of painting the stale state and correcting it in an effect.
 */
export function useValueChanged<T>(value: T): boolean {
  const [seen, setSeen] = useState(value);
  if (Object.is(seen, value)) return false;
  setSeen(value);
  return true;
}
