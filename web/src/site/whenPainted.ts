/** Calls `start` once, after the page's first contentful paint (or at once if hidden). */

type PaintWindow = Pick<Window, 'setTimeout'> & {
  document: Pick<Document, 'visibilityState'>;
  performance: Pick<Performance, 'getEntriesByName'>;
  PerformanceObserver?: typeof PerformanceObserver;
};

/** A browser that paints but does not report it still starts the islands. */
export const PAINT_WAIT_MS = 3000;

export function whenPainted(start: () => void, target: PaintWindow = window): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (target.document.visibilityState === 'hidden') return once();
  if (target.performance.getEntriesByName('first-contentful-paint').length > 0) return once();
  const Observer = target.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const observer = new Observer(() => {
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  target.setTimeout(once, PAINT_WAIT_MS);
}
