import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The content width of an element in CSS pixels, kept up to date with a ResizeObserver and rounded
 * down to `step` pixels so that small changes (a scrollbar appearing) do not redraw what depends on it.
 */
export const useElementWidth = (ref: RefObject<HTMLElement | null>, step = 8): number | undefined => {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (measured: number) => setWidth(Math.max(step, Math.floor(measured / step) * step));
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, step]);
  return width;
};
