import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_APP_STORAGE_KEY } from '../mobileApp';
import { Payflow } from '../payflow/Payflow';
import { cardTokenizerFor, walletsFor } from '../payflow/cardTokenizerFor';
import { useIdentity } from '../state/IdentityProvider';

/** /account/subscribe, and /account/appsubscribe: the same flow in mobile-app mode. */
export default function SubscribeScreen() {
  const location = useLocation();
  const { state, dispatch, config } = useIdentity();
  const appMode = /\/appsubscribe\/?$/.test(location.pathname);

  useEffect(() => {
    if (!appMode || state.mobileApp) return;
    // As ?mobileApp=true does: the app's chrome replaces ours for the rest of the tab's life.
    try {
      window.sessionStorage.setItem(MOBILE_APP_STORAGE_KEY, 'true');
    } catch {
      // Storage unavailable: mobile-app mode for this page only.
    }
    dispatch({ type: 'SET_MOBILE_APP', mobileApp: true });
  }, [appMode, state.mobileApp, dispatch]);

  return <Payflow tokenizer={cardTokenizerFor(config)} wallets={walletsFor(config)} />;
}
