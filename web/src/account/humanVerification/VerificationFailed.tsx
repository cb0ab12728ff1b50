import { Button } from '../../ui/Button';

/** A failed human check, said plainly, with a way to run it again (never a silent failure). */
export function VerificationFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}

/**
 * Sends a form again as its submit button would. The focus moves to that button first: the
 * Try again that was pressed goes away with the message while the form is sent.
 */
export function submitAgain(form: HTMLFormElement | null): void {
  if (!form) return;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  submit?.focus();
  form.requestSubmit(submit ?? undefined);
}
