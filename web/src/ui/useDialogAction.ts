import { useEffect, useState } from 'react';
import { errorText } from './ModalDialog';

/**
 * The state a dialog's action needs: busy while it runs, the error it ended with (the
 * server's words), both cleared each time the dialog opens.
 */
export function useDialogAction(open: boolean, reset?: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setError(null);
    reset?.();
  }, [open]); // only an opening resets: `reset` may be a new function on every render

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return { error, setError, busy, run };
}
