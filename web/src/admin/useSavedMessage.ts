import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * An edit screen's "saved" message. Saving an existing item shows it here; saving a new one
 * goes to the new item's own address (…/new gives way to …/<id>) and the message goes along
 * in the history state, so the page it lands on says it.
 */
export function useSavedMessage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState<string | null>((location.state as { saved?: string } | null)?.saved ?? null);
  return {
    saved,
    clear: () => setSaved(null),
    /** Says `message`, at `newAddress` when a new item was saved, else here. */
    announce: async (message: string, newAddress: string | null) => {
      if (newAddress === null) setSaved(message);
      else await navigate(newAddress, { replace: true, state: { saved: message } });
    },
  };
}
