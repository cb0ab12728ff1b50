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
import { REGISTER_SETTLE_MS } from '../registrationLanding';
import { SOCIAL_LOADING_RESET_MS, SOCIAL_LOGIN_FAILURE } from './texts';

export type SignedInAction = 'login' | 'register';

export interface SocialFailure {
  text: string;
  detail: string;
}

/**
 * What the page hears of a sign-in. A page that redirects readers who are already signed in
 * holds that redirect from onSigningIn (before the session exists) until onFailed: the
 * sign-in's own navigation, in onSignedIn, is the only one.
 */
export interface SocialSignInEvents {
  /** The provider answered for a reader: the session is being made. */
  onSigningIn?: () => void;
  /** Signed in, the provider's names merged: the page goes on (it leaves this page). */
  onSignedIn?: (action: SignedInAction) => void;
  /** The sign-in under way failed (its failure is shown beside the buttons). */
  onFailed?: () => void;
}

export function useSocialSignIn(events: SocialSignInEvents = {}) {
  const { completeLogin, profileSaved } = useIdentity();
  const [loading, setLoading] = useState<SocialProvider | null>(null);
  const [failure, setFailure] = useState<SocialFailure | null>(null);
  const stop = useRef<() => void>(() => {});
  const latestEvents = useRef(events);
  latestEvents.current = events;

  useEffect(() => () => stop.current(), []);

  const finish = useCallback(
    async (result: Exclude<PopupResult, { action: 'confirm' }>) => {
      if (result.action === 'error') {
        setLoading(null);
        setFailure({ text: SOCIAL_LOGIN_FAILURE, detail: result.message });
        return;
      }
      setLoading(result.provider);
      latestEvents.current.onSigningIn?.();
      try {
        const session =
          result.action === 'login'
            ? { cookie: result.cookie, tracking_id: result.tracking_id, message: 'Login successful' }
            : await registerWithProvider(result.provider, result.identifier, result.stateKey);
        if (result.action === 'register') await new Promise((resolve) => setTimeout(resolve, REGISTER_SETTLE_MS));
        await completeLogin(session);
        await mergeProviderProfile(result.provider, profileSaved);
      } catch (error) {
        setLoading(null);
        setFailure({ text: SOCIAL_LOGIN_FAILURE, detail: isApiError(error) ? error.message : '' });
        latestEvents.current.onFailed?.();
        return;
      }
      const { onSignedIn } = latestEvents.current;
      if (onSignedIn) {
        // The page leaves (by the router, or by a page load through the other brands' sites):
        // the button stays busy until then rather than offering a second sign-in.
        onSignedIn(result.action);
      } else {
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
