/**
 * What stops a profile form from saving, in the words of spec section 8 (shown by FormError
 * above the form): never a Save that silently does nothing.
 */
import type { ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { invalidFieldsMessage } from '../../ui/fieldRules';
import { messages } from '../messages';

/** 'The {field} field is invalid.' or 'The following fields are invalid: {list}' (each field
 * says why under itself). */
export function invalidFieldsSummary(labels: readonly string[]): ReactNode {
  const summary = invalidFieldsMessage(labels);
  return summary && <p>{summary}</p>;
}

/** A failed save: the spec's message, and the server's reason when it named a bad value. */
export function profileSaveFailure(error: unknown): ReactNode {
  const detail = isApiError(error) && error.status === 400 ? error.message : null;
  return (
    <>
      <p>{messages.profileUpdateError}</p>
      {detail && <p>{detail}</p>}
    </>
  );
}
