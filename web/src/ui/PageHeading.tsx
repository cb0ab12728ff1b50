import { useEffect, useRef, type ReactNode } from 'react';

let firstPageShown = false;

/**
 * Set by a screen that leaves the app for a few top-level hops that end back on this site
 * (the sign-in on every brand: account/handoff/allBrands.ts): the page it arrives at is the
 * continuation of a navigation in the app, so its heading takes the focus as then.
 */
export const FOCUS_ON_ARRIVAL_KEY = 'masthead:focusHeadingOnArrival';

function takeArrivalFocus(): boolean {
  try {
    const asked = window.sessionStorage.getItem(FOCUS_ON_ARRIVAL_KEY) !== null;
    window.sessionStorage.removeItem(FOCUS_ON_ARRIVAL_KEY);
    return asked;
  } catch {
    return false; // storage refused: the browser's own start position
  }
}

/**
 * The page's h1. After a navigation inside the app, focus moves here so that keyboard and
 * screen-reader users start at the new page instead of wherever the old one left them;
 * on the very first page the browser's own start position is kept.
 */
export function PageHeading({ children, title, area = 'Your account' }: { children: ReactNode; title: string; area?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The area after the page's own name: the staff console names itself, not "Your account".
    document.title = `${title} | ${area}`;
    if (firstPageShown || takeArrivalFocus()) ref.current?.focus();
    firstPageShown = true;
  }, [title, area]);
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
