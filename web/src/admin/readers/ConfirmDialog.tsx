import { useRef, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { useDialogAction } from '../../ui/useDialogAction';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  keepLabel?: string;
  /** Fields the action needs (a note, a length), shown above the buttons. */
  children?: ReactNode;
  /** Resets the fields each time the dialog opens. */
  onOpen?: () => void;
  onClose: () => void;
  /** Rejects with an Error whose message the dialog shows; resolves once done. */
  onConfirm: () => Promise<void>;
}

/**
 * Asks before an action on a reader's account: the safe choice has the focus, the server's
 * refusal is shown in the dialog, and nothing happens until the person confirms.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, keepLabel = 'Cancel', children, onOpen, onClose, onConfirm }: ConfirmDialogProps) {
  const keep = useRef<HTMLButtonElement>(null);
  const { error, busy, run } = useDialogAction(open, onOpen);
  return (
    <ModalDialog
      open={open}
      title={title}
      description={description}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void run(onConfirm)}
      initialFocus={children ? undefined : keep}
    >
      {children}
      <div className="dialog__actions">
        <Button type="submit" busy={busy}>
          {confirmLabel}
        </Button>
        <Button ref={keep} variant="secondary" onClick={onClose} disabled={busy}>
          {keepLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
