/**
 * The 500×600 popup of a social sign-in or confirmation (spec section 9) and its one answer:
 * a message from that very popup, on this origin, checked against the state made for it.
 */
import { newPopupState, readPopupMessage, type PopupPurpose, type PopupResult } from './popupMessage';
import type { SocialProvider } from './socialApi';
import { POPUP_HEIGHT, POPUP_WIDTH } from './texts';

const CLOSED_POLL_MS = 500;

export interface PopupHandlers {
  onResult: (result: PopupResult) => void;
  /** The popup was closed (early, or right after it answered). */
  onClosed: () => void;
}

/** Opens the popup; null when the browser blocked it, else a function that stops listening. */
export function openSocialPopup(provider: SocialProvider, purpose: PopupPurpose, handlers: PopupHandlers): (() => void) | null {
  const state = newPopupState();
  const query = new URLSearchParams({ state });
  if (purpose !== 'sign-in') query.set('purpose', purpose);
  const popup = openPopup(`/blaize/oauth/${provider}?${query.toString()}`);
  if (popup === null) return null;
  const onMessage = (event: MessageEvent) => {
    // Only our popup, on our own origin, may answer.
    if (event.origin !== window.location.origin || event.source !== popup) return;
    const result = readPopupMessage(event.data, state, purpose);
    if (result === null) return;
    stop();
    handlers.onResult(result);
  };
  // Closed: nothing more to wait for. The message listener stays until stopped, since a
  // popup that answered closes itself right after posting.
  const watch = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(watch);
    handlers.onClosed();
  }, CLOSED_POLL_MS);
  window.addEventListener('message', onMessage);
  const stop = () => {
    window.removeEventListener('message', onMessage);
    window.clearInterval(watch);
  };
  return stop;
}

function openPopup(url: string): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const features = `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
  return window.open(url, 'masthead-social-sign-in', features);
}
