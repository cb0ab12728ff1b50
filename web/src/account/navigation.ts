import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { inAppPath } from './redirect';

/** Goes to an accepted redirect target: inside the app by the router, elsewhere by a page load. */
export function useGoTo() {
  const navigate = useNavigate();
  return useCallback(
    (target: string) => {
      const path = inAppPath(target, window.location.origin);
      if (path) navigate(path, { replace: true });
      else window.location.assign(target);
    },
    [navigate],
  );
}
