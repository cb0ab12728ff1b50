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
import { newPopupState, readPopupMessage, type PopupResult } from './popupMessage';
import { fetchProviderNames, registerWithProvider, type SocialProvider } from './socialApi';
import { POPUP_HEIGHT, POPUP_WIDTH, REGISTER_SETTLE_MS, SOCIAL_LOADING_RESET_MS, SOCIAL_LOGIN_FAILURE } from './texts';

export type SignedInAction = 'login' | 'register';
const CLOSED_POLL_MS = 500;

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
    async (result: PopupResult) => {
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
      const state = newPopupState();
      const popup = openPopup(`/blaize/oauth/${provider}?${new URLSearchParams({ state }).toString()}`);
      if (popup === null) {
        setFailure({ text: SOCIAL_LOGIN_FAILURE, detail: 'Please allow pop-ups for this site and try again.' });
        return;
      }
      setLoading(provider);
      const onMessage = (event: MessageEvent) => {
        // Only our popup, on our own origin, may answer.
        if (event.origin !== window.location.origin || event.source !== popup) return;
        const result = readPopupMessage(event.data, state);
        if (result === null) return;
        stop.current();
        void finish(result);
      };
      const reset = window.setTimeout(() => setLoading(null), SOCIAL_LOADING_RESET_MS);
      // Closed early: nothing more to wait for. The message listener stays until the next
      // attempt, since a popup that answered closes itself right after posting.
      const watch = window.setInterval(() => {
        if (!popup.closed) return;
        window.clearInterval(watch);
        window.clearTimeout(reset);
        setLoading(null);
      }, CLOSED_POLL_MS);
      window.addEventListener('message', onMessage);
      stop.current = () => {
        window.removeEventListener('message', onMessage);
        window.clearTimeout(reset);
        window.clearInterval(watch);
      };
    },
    [finish],
  );

  return { signIn, loading, failure };
}

function openPopup(url: string): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const features = `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
  return window.open(url, 'masthead-social-sign-in', features);
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
