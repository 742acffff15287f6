import { useLayoutEffect, useState } from 'react';

const MIN_HEIGHT = 360;

/**
 * The height that makes an element reach the bottom of its scrolling page area (minus a gap), so a list keeps its
 * header, toolbar and pagination in view and scrolls — and virtualizes — its rows inside. On short windows it
 * falls back to a minimum and the page scrolls as usual.
 */
export function useFillHeight<T extends HTMLElement>(gap = 16) {
  // A callback ref: the element may mount after the first render (once eps has arrived).
  const [el, ref] = useState<T | null>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);

  useLayoutEffect(() => {
    if (!el) return;
    const host = el.parentElement?.closest('main') ?? document.documentElement;
    const measure = () => {
      const bottom = host === document.documentElement ? window.innerHeight : host.getBoundingClientRect().bottom;
      // Measured as if the page area were scrolled to the top, so scrolling does not change the answer.
      const top = el.getBoundingClientRect().top + host.scrollTop;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(bottom - top - gap)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(host);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [el, gap]);

  return { ref, height };
}
