/**
 * Holds the identity reducer and keeps it in step with the server: the data layer decides
 * logged in or out, then the account and profile are loaded for a logged-in reader.
 * TanStack Query fetches and caches; the reducer is what screens read.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import { logout as logoutCall } from '../../api/identity';
import { accountQuery, dataLayerQuery, identityKeys, profileQuery } from '../../api/queries';
import type { Profile, SessionResponse } from '../../api/types';
import type { MastheadConfig } from '../config';
import { detectMobileApp } from '../mobileApp';
import { identityReducer, type IdentityAction, type IdentityState } from './identityReducer';
import { clearIdentityState, loadIdentityState, saveIdentityState } from './persistence';
import { extractSessionId } from './sessionId';

interface IdentityContextValue {
  state: IdentityState;
  dispatch: Dispatch<IdentityAction>;
  config: MastheadConfig;
  /** The data layer request failed for good (after retries): the router cannot start. */
  dataLayerError: Error | null;
  retryDataLayer: () => void;
  /** After a successful login or register: remember the session and reload the data layer. */
  completeLogin: (response: SessionResponse) => Promise<void>;
  logOut: () => Promise<void>;
  /** After the server returned the whole profile following an update. */
  profileSaved: (profile: Profile) => void;
}

const IdentityContext = createContext<IdentityContextValue | null>(null);

export function IdentityProvider({ config, children }: { config: MastheadConfig; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(identityReducer, undefined, () => ({
    ...loadIdentityState(),
    mobileApp: detectMobileApp(window.location.search),
  }));

  const dataLayer = useQuery(dataLayerQuery);
  const loggedIn = state.dataLayer.loggedIn;
  const account = useQuery({ ...accountQuery, enabled: loggedIn });
  const profile = useQuery({ ...profileQuery, enabled: loggedIn });

  useEffect(() => {
    if (!dataLayer.data) return;
    if (dataLayer.data.loggedIn) {
      dispatch({ type: 'DATA_LAYER_LOADED', dataLayer: dataLayer.data });
    } else {
      dispatch({ type: 'LOG_OUT' });
      clearIdentityState();
    }
  }, [dataLayer.data]);

  useEffect(() => {
    if (!loggedIn || !account.data || !profile.data) return;
    dispatch({ type: 'SET_ACCOUNT_AND_PROFILE', account: account.data, profile: profile.data });
    if (account.data.tracking_id) dispatch({ type: 'SET_TRACKING_ID', trackingId: account.data.tracking_id });
    dispatch({ type: 'USER_DATA_LOADED' });
  }, [loggedIn, account.data, profile.data]);

  usePersistWhileVisible(state);

  const completeLogin = useCallback(
    async (response: SessionResponse) => {
      dispatch({ type: 'SET_SESSION_ID', sessionId: extractSessionId(response.cookie) });
      dispatch({ type: 'SET_TRACKING_ID', trackingId: response.tracking_id ?? null });
      // Another reader may have used this tab before: never show their account or profile.
      queryClient.removeQueries({ queryKey: identityKeys.account });
      queryClient.removeQueries({ queryKey: identityKeys.profile });
      const fresh = await queryClient.fetchQuery({ ...dataLayerQuery, staleTime: 0 });
      // Dispatched here, not only through the effect above, so that a navigation right
      // after this call already sees a logged-in reader.
      dispatch({ type: 'DATA_LAYER_LOADED', dataLayer: fresh });
    },
    [queryClient],
  );

  const logOut = useCallback(async () => {
    try {
      await logoutCall();
    } finally {
      // Even when the call failed, this page forgets the reader.
      queryClient.removeQueries({ queryKey: identityKeys.account });
      queryClient.removeQueries({ queryKey: identityKeys.profile });
      queryClient.setQueryData(identityKeys.dataLayer, { loggedIn: false });
      dispatch({ type: 'LOG_OUT' });
      clearIdentityState();
    }
  }, [queryClient]);

  const profileSaved = useCallback(
    (saved: Profile) => {
      queryClient.setQueryData(identityKeys.profile, saved);
      dispatch({ type: 'SET_PROFILE', profile: saved });
    },
    [queryClient],
  );

  const value = useMemo<IdentityContextValue>(
    () => ({
      state,
      dispatch,
      config,
      dataLayerError: dataLayer.isError && !state.dataLayerLoaded ? dataLayer.error : null,
      retryDataLayer: () => void dataLayer.refetch(),
      completeLogin,
      logOut,
      profileSaved,
    }),
    [state, config, dataLayer, completeLogin, logOut, profileSaved],
  );

  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

/** Spec: state is persisted to local storage when the page is visible. */
function usePersistWhileVisible(state: IdentityState) {
  useEffect(() => {
    const persist = () => {
      if (document.visibilityState !== 'visible' || !state.dataLayerLoaded) return;
      // A logged-out reader leaves nothing behind on a shared computer.
      if (state.dataLayer.loggedIn) saveIdentityState(state);
      else clearIdentityState();
    };
    persist();
    const onVisibilityChange = () => persist();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [state]);
}

export function useIdentity(): IdentityContextValue {
  const value = useContext(IdentityContext);
  if (!value) throw new Error('useIdentity must be used inside IdentityProvider');
  return value;
}
