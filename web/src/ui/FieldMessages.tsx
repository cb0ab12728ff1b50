import type { ReactNode } from 'react';
import { limitHint } from './fieldRules';

interface Messages {
  hint?: string | undefined;
  maxChars?: number | undefined;
  error?: string | null | undefined;
  /** A message elsewhere on the page (a form's alert) that is about this field. */
  errorId?: string | undefined;
}

/** The ids a field's aria-describedby names: its hint (with the limit), then its error. */
export function describedBy(id: string, { hint, maxChars, error, errorId }: Messages): string | undefined {
  const ids = [hint || maxChars ? `${id}-hint` : undefined, error ? `${id}-error` : errorId];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The hint (and the limit) above a field's control and its error message below it. */
export function FieldMessages({ id, hint, maxChars, error, children }: Messages & { id: string; children: ReactNode }) {
  const rule = [hint, maxChars ? limitHint(maxChars) : undefined].filter(Boolean).join(' ');
  return (
    <>
      {rule && (
        <p className="field__hint" id={`${id}-hint`}>
          {rule}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}
