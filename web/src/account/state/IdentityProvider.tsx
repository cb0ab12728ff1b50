/**
 * Holds the page's client-side identity state (identityReducer.ts) beside the server's word on
 * the reader, which TanStack Query alone keeps (read through identityData.ts): the data layer
 * decides logged in or out, then the account and profile are loaded for a logged-in reader.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useState, type Dispatch, type ReactNode } from 'react';
import { logout as logoutCall } from '../../api/identity';
import { accountQuery, dataLayerQuery, identityKeys, profileQuery } from '../../api/queries';
import type { DataLayer, Profile, SessionResponse } from '../../api/types';
import { logOutOfComments } from '../../comments/logout';
import type { MastheadConfig } from '../config';
import { detectMobileApp } from '../mobileApp';
import { identityReducer, initialIdentityState, type IdentityAction, type IdentityState } from './identityReducer';
import { EMPTY_IDENTITY, clearIdentityState, loadIdentityState, saveIdentityState, type PersistedIdentity } from './persistence';
import { extractSessionId } from './sessionId';

interface IdentityContextValue {
  state: IdentityState;
  dispatch: Dispatch<IdentityAction>;
  config: MastheadConfig;
  /** The data layer has answered: the router may start. */
  dataLayerLoaded: boolean;
  /** The data layer request failed for good (after retries): the router cannot start. */
  dataLayerError: Error | null;
  retryDataLayer: () => void;
  /** The account and profile this browser last saw, shown until the server's arrive. */
  remembered: PersistedIdentity;
  /** After a successful login or register: remember the session and reload the data layer. */
  completeLogin: (response: SessionResponse) => Promise<void>;
  logOut: () => Promise<void>;
  /** After the server returned the whole profile following an update. */
  profileSaved: (profile: Profile) => void;
}

const IdentityContext = createContext<IdentityContextValue | null>(null);

const LOGGED_OUT: DataLayer = { loggedIn: false };

export function IdentityProvider({ config, children }: { config: MastheadConfig; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [remembered, setRemembered] = useState(loadIdentityState);
  const [state, dispatch] = useReducer(identityReducer, undefined, () => ({
    ...initialIdentityState,
    trackingId: remembered.trackingId,
    mobileApp: detectMobileApp(window.location.search),
  }));

  const dataLayer = useQuery(dataLayerQuery);
  const loggedIn = dataLayer.data?.loggedIn ?? false;
  // Fetched here as soon as the reader is known, so every screen finds them in the cache.
  const account = useQuery({ ...accountQuery, enabled: loggedIn });
  const profile = useQuery({ ...profileQuery, enabled: loggedIn });

  const forgetReader = useCallback(() => {
    dispatch({ type: 'LOG_OUT' });
    setRemembered(EMPTY_IDENTITY);
    clearIdentityState();
  }, []);

  useEffect(() => {
    if (dataLayer.data && !dataLayer.data.loggedIn) forgetReader();
  }, [dataLayer.data, forgetReader]);

  usePersistWhileVisible(
    dataLayer.data,
    useMemo(
      () => ({
        account: account.isPlaceholderData ? null : (account.data ?? null),
        profile: profile.isPlaceholderData ? null : (profile.data ?? null),
        trackingId: dataLayer.data?.trackingId ?? account.data?.tracking_id ?? state.trackingId,
      }),
      [account.data, account.isPlaceholderData, profile.data, profile.isPlaceholderData, dataLayer.data, state.trackingId],
    ),
  );

  const completeLogin = useCallback(
    async (response: SessionResponse) => {
      dispatch({ type: 'SET_SESSION_ID', sessionId: extractSessionId(response.cookie) });
      dispatch({ type: 'SET_TRACKING_ID', trackingId: response.tracking_id ?? null });
      // Another reader may have used this tab before: never show their account or profile.
      setRemembered(EMPTY_IDENTITY);
      forgetReaderQueries(queryClient);
      // Awaited, so that a navigation right after this call already sees a logged-in reader.
      await queryClient.fetchQuery({ ...dataLayerQuery, staleTime: 0 });
    },
    [queryClient],
  );

  const logOut = useCallback(async () => {
    // Out of comments too (spec section 8), beside the Masthead logout and never holding it
    // up: that call has its own time-out and reports its own failure.
    void logOutOfComments();
    try {
      await logoutCall();
    } finally {
      // Even when the call failed, this page forgets the reader.
      forgetReaderQueries(queryClient);
      queryClient.setQueryData(identityKeys.dataLayer, LOGGED_OUT);
      forgetReader();
    }
  }, [queryClient, forgetReader]);

  const profileSaved = useCallback(
    (saved: Profile) => {
      queryClient.setQueryData(identityKeys.profile, saved);
    },
    [queryClient],
  );

  const dataLayerLoaded = dataLayer.data !== undefined;
  const value = useMemo<IdentityContextValue>(
    () => ({
      state,
      dispatch,
      config,
      dataLayerLoaded,
      dataLayerError: dataLayer.isError && !dataLayerLoaded ? dataLayer.error : null,
      retryDataLayer: () => void dataLayer.refetch(),
      remembered,
      completeLogin,
      logOut,
      profileSaved,
    }),
    [state, config, dataLayer, dataLayerLoaded, remembered, completeLogin, logOut, profileSaved],
  );

  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

/** Spec: state is persisted to local storage when the page is visible. */
function usePersistWhileVisible(dataLayer: DataLayer | undefined, identity: PersistedIdentity) {
  useEffect(() => {
    const persist = () => {
      if (document.visibilityState !== 'visible' || !dataLayer) return;
      // A logged-out reader leaves nothing behind on a shared computer.
      if (dataLayer.loggedIn) saveIdentityState(identity);
      else clearIdentityState();
    };
    persist();
    const onVisibilityChange = () => persist();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [dataLayer, identity]);
}

export function useIdentity(): IdentityContextValue {
  const value = useContext(IdentityContext);
  if (!value) throw new Error('useIdentity must be used inside IdentityProvider');
  return value;
}

/**
 * Everything the server answered about the reader who was here (account, profile, membership,
 * payment methods, referral token...) is dropped when a reader logs in or out, so the next
 * reader of this tab never sees it. Only the data layer stays: it says who is here now.
 */
function forgetReaderQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey.join('/') !== identityKeys.dataLayer.join('/') });
}
