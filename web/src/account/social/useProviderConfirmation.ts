/**
 * A signed-in reader confirms it is them with a provider linked to their account (the popup
 * with purpose=confirm), before a step as grave as deleting it. The popup signs nobody in; once
 * it says `confirm`, `onConfirmed` takes the step, and its failure is shown as the popup's is.
 * As on the login screen, the waiting state clears after 5 s or when the popup is closed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SocialProvider } from './socialApi';
import { openSocialPopup } from './socialPopup';
import { SOCIAL_LOADING_RESET_MS } from './texts';

export const POPUP_BLOCKED = 'Please allow pop-ups for this site and try again.';
const NOT_CONFIRMED = 'The confirmation did not go through. Please try again.';

export function useProviderConfirmation(onConfirmed: (provider: SocialProvider) => Promise<void>, failure: (error: unknown) => string) {
  const [waiting, setWaiting] = useState<SocialProvider | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stop = useRef<() => void>(() => {});
  const latest = useRef({ onConfirmed, failure });
  latest.current = { onConfirmed, failure };

  useEffect(() => () => stop.current(), []);

  const confirm = useCallback((provider: SocialProvider) => {
    stop.current();
    setProblem(null);
    let reset = 0;
    const stopPopup = openSocialPopup(provider, 'confirm', {
      onResult: (result) => {
        stop.current();
        if (result.action === 'error') {
          setWaiting(null);
          setProblem(result.message || NOT_CONFIRMED);
          return;
        }
        if (result.action !== 'confirm') return;
        setWaiting(result.provider);
        latest.current
          .onConfirmed(result.provider)
          .catch((error: unknown) => setProblem(latest.current.failure(error)))
          .finally(() => setWaiting(null));
      },
      onClosed: () => {
        window.clearTimeout(reset);
        setWaiting(null);
      },
    });
    if (stopPopup === null) {
      setProblem(POPUP_BLOCKED);
      return;
    }
    setWaiting(provider);
    reset = window.setTimeout(() => setWaiting(null), SOCIAL_LOADING_RESET_MS);
    stop.current = () => {
      stopPopup();
      window.clearTimeout(reset);
    };
  }, []);

  const clearProblem = useCallback(() => setProblem(null), []);
  return { confirm, waiting, problem, clearProblem };
}
