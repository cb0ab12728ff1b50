import { useRef, useState } from 'react';
import type { PaymentMethod } from '../../api/billing';
import { Button } from '../../ui/Button';
import { messages } from '../messages';
import { ModalDialog } from '../../ui/ModalDialog';
import { methodName } from './describe';

interface DeleteDialogProps {
  method: PaymentMethod | null;
  /** Whether the reader has another method the membership can move to. */
  hasOthers: boolean;
  onClose: () => void;
  /** Rejects with the server's refusal (409 when it is the only method of a live membership). */
  onConfirm: (method: PaymentMethod) => Promise<void>;
}

function deleteText(name: string, inUse: boolean, hasOthers: boolean): string {
  if (!inUse) return `${name} will be removed from your account.`;
  if (hasOthers) return `${name} pays for your membership. If you remove it, your membership is paid with your default payment method.`;
  return `${name} pays for your membership.`;
}

/** Asks before removing a payment method; the server's refusal is shown here. */
export function DeleteDialog({ method, hasOthers, onClose, onConfirm }: DeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!method) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(method);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : messages.unknownError);
    } finally {
      setBusy(false);
    }
  };

  const name = method ? methodName(method) : '';
  return (
    <ModalDialog
      open={method !== null}
      title="Remove this payment method?"
      description={deleteText(name, Boolean(method?.has_active_subscription), hasOthers)}
      error={error}
      busy={busy}
      onClose={close}
      onSubmit={() => void confirm()}
      initialFocus={keep}
    >
      <div className="dialog__actions">
        <Button type="submit" busy={busy}>
          Remove
        </Button>
        {/* A plain button: the shared Button takes no ref, and this one gets the focus. */}
        <button ref={keep} type="button" className="button button--secondary" onClick={close} disabled={busy}>
          Keep it
        </button>
      </div>
    </ModalDialog>
  );
}
