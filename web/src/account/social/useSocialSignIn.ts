/**
 * One social sign-in at a time: the 500×600 popup, its message (from that popup, on this
 * origin, with this page's state), then a login or a registration with the stateKey, and the
 * profile merged from the provider (spec section 4, "SSO popup flow"). The loading state
 * clears after 5 s, or as soon as the popup is closed without an answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { fetchProfile, updateProfile } from '../../api/identity';
import type { ProfileUpdate } from '../../api/types';
import { useIdentity } from '../state/IdentityProvider';
import type { PopupResult } from './popupMessage';
import { fetchProviderNames, registerWithProvider, type SocialProvider } from './socialApi';
import { openSocialPopup } from './socialPopup';
import { REGISTER_SETTLE_MS, SOCIAL_LOADING_RESET_MS, SOCIAL_LOGIN_FAILURE } from './texts';

export type SignedInAction = 'login' | 'register';

export interface SocialFailure {
  text: string;
  detail: string;
}

export function useSocialSignIn(onSignedIn?: (action: SignedInAction) => void) {
  const { completeLogin, profileSaved } = useIdentity();
  const [loading, setLoading] = useState<SocialProvider | null>(null);
  const [failure, setFailure] = useState<SocialFailure | null>(null);
  const stop = useRef<() => void>(() => {});
  const latestOnSignedIn = useRef(onSignedIn);
  latestOnSignedIn.current = onSignedIn;

  useEffect(() => () => stop.current(), []);

  const finish = useCallback(
    async (result: Exclude<PopupResult, { action: 'confirm' }>) => {
      if (result.action === 'error') {
        setLoading(null);
        setFailure({ text: SOCIAL_LOGIN_FAILURE, detail: result.message });
        return;
      }
      setLoading(result.provider);
      try {
        const session =
          result.action === 'login'
            ? { cookie: result.cookie, tracking_id: result.tracking_id, message: 'Login successful' }
            : await registerWithProvider(result.provider, result.identifier, result.stateKey);
        if (result.action === 'register') await new Promise((resolve) => setTimeout(resolve, REGISTER_SETTLE_MS));
        await completeLogin(session);
        await mergeProviderProfile(result.provider, profileSaved);
        latestOnSignedIn.current?.(result.action);
      } catch (error) {
        setFailure({ text: SOCIAL_LOGIN_FAILURE, detail: isApiError(error) ? error.message : '' });
      } finally {
        setLoading(null);
      }
    },
    [completeLogin, profileSaved],
  );

  const signIn = useCallback(
    (provider: SocialProvider) => {
      stop.current();
      setFailure(null);
      let reset = 0;
      const stopPopup = openSocialPopup(provider, 'sign-in', {
        onResult: (result) => {
          stop.current();
          if (result.action !== 'confirm') void finish(result);
        },
        onClosed: () => {
          window.clearTimeout(reset);
          setLoading(null);
        },
      });
      if (stopPopup === null) {
        setFailure({ text: SOCIAL_LOGIN_FAILURE, detail: 'Please allow pop-ups for this site and try again.' });
        return;
      }
      setLoading(provider);
      reset = window.setTimeout(() => setLoading(null), SOCIAL_LOADING_RESET_MS);
      stop.current = () => {
        stopPopup();
        window.clearTimeout(reset);
      };
    },
    [finish],
  );

  return { signIn, loading, failure };
}

/** The provider's name parts fill the reader's empty name fields (never overwrite them). */
async function mergeProviderProfile(
  provider: SocialProvider,
  profileSaved: ReturnType<typeof useIdentity>['profileSaved'],
): Promise<void> {
  try {
    const [names, profile] = await Promise.all([fetchProviderNames(provider), fetchProfile()]);
    const changes: ProfileUpdate = {};
    for (const key of ['first-name', 'last-name', 'full-name'] as const) {
      if (!profile[key] && names[key]) changes[key] = names[key];
    }
    if (Object.keys(changes).length > 0) profileSaved(await updateProfile(changes));
  } catch {
    // The reader is signed in either way; the names can be typed on the profile page.
  }
}
