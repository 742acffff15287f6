import { useState } from 'react';

/**
 * True from the render in which `value` is first truthy, and ever after. For a dialog whose code loads when it is
 * first opened (React.lazy): it is mounted from its first opening on and stays mounted, so closing it still runs its
 * own close (focus back to what opened it) instead of vanishing with its code.
 */
export function useEver(value: unknown): boolean {
  const [ever, setEver] = useState(false);
  if (value && !ever) setEver(true);
  return ever || !!value;
}
