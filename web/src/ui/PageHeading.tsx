import { useEffect, useRef, type ReactNode } from 'react';

let firstPageShown = false;

/**
 * The page's h1. After a navigation inside the app, focus moves here so that keyboard and
 * screen-reader users start at the new page instead of wherever the old one left them;
 * on the very first page the browser's own start position is kept.
 */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} | Your account`;
    if (firstPageShown) ref.current?.focus();
    firstPageShown = true;
  }, [title]);
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
