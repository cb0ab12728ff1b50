import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { UNKNOWN_ERROR } from '../api/specTexts';

interface ModalDialogProps {
  open: boolean;
  title: string;
  /** The sentence a screen reader announces with the title. */
  description: ReactNode;
  /** Shown in the dialog's alert region (announced when it appears). */
  error: string | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** Focused on opening instead of the first control (the safe choice of a confirmation). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal <dialog> holding one form: focus stays inside, Escape closes it unless it is busy,
 * focus goes back to the control that opened it, and the error region exists before any
 * error so screen readers announce it.
 */
export function ModalDialog({ open, title, description, error, busy, onClose, onSubmit, initialFocus, children }: ModalDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, initialFocus]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // Escape tells the owner at once: the browser's close event comes a task later, and a
      // reader who reopens the dialog in between must not have it shut by that late event.
      onCancel={(event) => {
        if (busy) event.preventDefault();
        else onClose();
      }}
      onClose={() => {
        if (openRef.current && !ref.current?.open) onClose();
      }}
    >
      {/* Only while open: a closed dialog's fields must not stand beside the page's own. */}
      {open && (
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`} className="dialog__title">
            {title}
          </h2>
          <p id={`${id}-text`}>{description}</p>
          <div role="alert" className="alert alert--error">
            {error && <p>{error}</p>}
          </div>
          {children}
        </form>
      )}
    </dialog>
  );
}

/** What a failed action says: the server's message, else the spec's unknown-error text. */
export function errorText(caught: unknown): string {
  return caught instanceof Error && caught.message ? caught.message : UNKNOWN_ERROR;
}
