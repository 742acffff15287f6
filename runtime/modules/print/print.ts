import { useSyncExternalStore } from 'react';

export type PaperOptions = { paper?: 'A4' | 'A5' | 'Letter'; landscape?: boolean; title?: string };

/** The frame the print plugin mounts (its index component); null while the plugin is off. */
let frame: HTMLElement | null = null;
const listeners = new Set<() => void>();

export function setPrintFrame(el: HTMLElement | null): void {
  frame = el;
  for (const l of listeners) l();
}

/**
 * Puts a copy of `node` alone on paper and opens the browser's print dialog ("Save as PDF" makes the PDF).
 * The page's title becomes the file name the dialog suggests. Resolves once the dialog has closed.
 */
export function printNode(node: HTMLElement, options: PaperOptions = {}): Promise<void> {
  const target = frame;
  if (!target) return Promise.reject(new Error('the print plugin is disabled'));
  const size = `${options.paper ?? 'A4'}${options.landscape ? ' landscape' : ''}`;
  target.replaceChildren();
  const style = document.createElement('style');
  style.textContent = `@page { size: ${size}; margin: 14mm; }`;
  const sheet = document.createElement('div');
  sheet.className = 'jy-paper';
  sheet.innerHTML = node.innerHTML;
  target.append(style, sheet);
  const title = document.title;
  if (options.title) document.title = options.title;
  document.body.classList.add('jy-printing');
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('jy-printing');
      document.title = title;
      target.replaceChildren();
      resolve();
    };
    window.addEventListener('afterprint', done);
    try {
      window.print();
    } finally {
      // Browsers whose print() returns before the dialog closes still fire afterprint; others have closed it now.
      setTimeout(() => {
        if (document.body.classList.contains('jy-printing')) done();
      }, 0);
    }
  });
}

/** Whether printing is available now (the print plugin is on and its frame is mounted). */
export function usePrintAvailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => frame !== null,
  );
}
