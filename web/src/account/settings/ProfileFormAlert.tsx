import { ErrorAlert } from '../../ui/Alert';
import { invalidFieldsMessage } from '../../ui/fieldRules';
import { messages } from '../messages';

interface ProfileFormAlertProps {
  id?: string;
  /** Labels of the fields whose value the form refuses, in form order (each says why). */
  invalidLabels: readonly string[];
  /** The save failed: the spec's message, and the server's reason when it gave one. */
  failed: boolean;
  detail: string | null;
}

/** What stops a profile form from saving: never a Save that silently does nothing. */
export function ProfileFormAlert({ id, invalidLabels, failed, detail }: ProfileFormAlertProps) {
  const summary = invalidFieldsMessage(invalidLabels);
  return (
    <ErrorAlert id={id}>
      {summary ? (
        <p>{summary}</p>
      ) : (
        failed && (
          <>
            <p>{messages.profileUpdateError}</p>
            {detail && <p>{detail}</p>}
          </>
        )
      )}
    </ErrorAlert>
  );
}
