import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

interface ModalDialogProps {
  open: boolean;
  titleId: string;
  descriptionId?: string;
  /** While busy, Escape does not close the dialog (a request is under way). */
  busy: boolean;
  onClose: () => void;
  /** Focused on opening instead of the first control (the safe choice of a confirmation). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal <dialog>: the browser keeps focus inside, Escape closes it, and focus goes back to
 * the control that opened it.
 */
export function ModalDialog({ open, titleId, descriptionId, busy, onClose, initialFocus, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

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

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {open && children}
    </dialog>
  );
}
