import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import { setPrintFrame } from './print';

/** The print plugin's index component: the frame on body that holds what is being printed. */
export function PrintHost() {
  const ref = useCallback((el: HTMLDivElement | null) => setPrintFrame(el), []);
  return createPortal(<div id="jy-print-root" ref={ref} data-testid="print-frame" />, document.body);
}
