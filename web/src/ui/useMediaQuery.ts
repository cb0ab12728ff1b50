import { useSyncExternalStore } from 'react';

/** Spec section 9: mobile is 989px or less, desktop 990px or more. */
export const MOBILE_QUERY = '(max-width: 989px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
