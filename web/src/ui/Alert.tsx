import type { ReactNode } from 'react';

interface AlertProps {
  id?: string;
  children?: ReactNode;
}

/**
 * Error messages. The region is always in the page, so that a message put into it is
 * announced by screen readers; it takes no room while empty.
 */
export function ErrorAlert({ id, children }: AlertProps) {
  return (
    <div id={id} role="alert" className="alert alert--error">
      {children}
    </div>
  );
}

/** Confirmations, announced politely. */
export function StatusMessage({ id, children }: AlertProps) {
  return (
    <div id={id} role="status" className="alert alert--success">
      {children}
    </div>
  );
}
