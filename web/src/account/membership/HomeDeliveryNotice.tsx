import { useState } from 'react';
import { dismissHomeDeliveryNotice } from '../../api/homeDelivery';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/ModalDialog';
import { useSubscription } from './SubscriptionProvider';

/** The server's message that the free membership ended with home delivery, until dismissed. */
export function HomeDeliveryNotice({ message }: { message: string }) {
  const { refreshBilling } = useSubscription();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const dismiss = async () => {
    setBusy(true);
    setError(null);
    try {
      await dismissHomeDeliveryNotice();
      await refreshBilling();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="membership-note" data-testid="home-delivery-ended">
      <p>{message}</p>
      <Button variant="link" onClick={() => void dismiss()} busy={busy}>
        Dismiss
      </Button>
      <ErrorAlert>{error && <p>{error}</p>}</ErrorAlert>
    </div>
  );
}
