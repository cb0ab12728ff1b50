import { useEffect, useState } from 'react';

/**
 * The width in CSS px of the element the returned ref is put on, followed as it changes, so a
 * chart can draw at the size it is shown (its viewBox in pixels: text stays legible at phone
 * width instead of shrinking with the picture). `fallback` until measured, and where nothing
 * can measure (unit tests). A callback ref: the element may appear after the first render.
 */
export function useWidth<T extends Element>(fallback: number) {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const measured = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}
