import { useEffect, useRef, type ReactNode } from 'react';

let firstPageShown = false;

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
    if (firstPageShown) ref.current?.focus();
    firstPageShown = true;
  }, [title, area]);
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
