import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { inAppPath } from './redirect';

/**
 * A full page load that takes this page's place in the history, as the router's moves here
 * do: Back from where a sign-in landed does not return to the sign-in page. One object, so
 * that tests can watch it (jsdom's location cannot be spied on).
 */
export const pageLoad = {
  replace(target: string): void {
    window.location.replace(target);
  },
};

/** Never settles: a form that has sent the page elsewhere stays busy until the page goes. */
export const pageLeaving = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * Goes to an accepted redirect target: inside the app by the router, elsewhere by a page load.
 * True when this page is being left (a page load), so a form can stay busy until it goes.
 */
export function useGoTo() {
  const navigate = useNavigate();
  return useCallback(
    (target: string): boolean => {
      const path = inAppPath(target, window.location.origin);
      if (path) {
        navigate(path, { replace: true });
        return false;
      }
      pageLoad.replace(target);
      return true;
    },
    [navigate],
  );
}
