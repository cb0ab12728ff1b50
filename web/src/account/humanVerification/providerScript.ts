/**
 * The providers' browser APIs behind one call: load the script the server names (once), run
 * the challenge for the action, answer its token. reCAPTCHA v3 (grecaptcha.execute) runs
 * unseen; Turnstile (turnstile.render) shows itself only when it needs the reader
 * (appearance 'interaction-only'), in a box of its own at the foot of the page.
 * Nothing is loaded while the challenge is off, so `make run` fetches nothing from outside.
 */
import type { Challenge } from './verificationCalls';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

interface TurnstileOptions {
  sitekey: string;
  action: string;
  appearance: 'interaction-only';
  callback: (token: string) => void;
  'error-callback': () => void;
  'expired-callback': () => void;
}

interface Turnstile {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    turnstile?: Turnstile;
  }
}

/** Long enough for a person to answer an interactive challenge; never a silent wait. */
export const CHALLENGE_TIMEOUT_MS = 60_000;
export const CONTAINER_ID = 'human-verification-challenge';

const loading = new Map<string, Promise<void>>();

function loadScript(url: string): Promise<void> {
  const known = loading.get(url);
  if (known) return known;
  const loaded = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(url); // a blocked or failed load is tried again on Try again
      script.remove();
      reject(new Error(`The verification script did not load: ${url}`));
    };
    document.head.appendChild(script);
  });
  loading.set(url, loaded);
  return loaded;
}

function container(): HTMLElement {
  const found = document.getElementById(CONTAINER_ID);
  if (found) return found;
  const box = document.createElement('div');
  box.id = CONTAINER_ID;
  // At the foot of the page, above everything, and empty (no room taken) unless Turnstile
  // needs the reader: its interactive widget then shows here.
  Object.assign(box.style, { position: 'fixed', bottom: '1rem', left: '50%', transform: 'translateX(-50%)', zIndex: '1000', maxWidth: 'calc(100vw - 2rem)' });
  document.body.appendChild(box);
  return box;
}

function withTimeout<T>(work: Promise<T>, cleanUp: () => void = () => {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanUp();
      reject(new Error('The verification challenge did not answer in time.'));
    }, CHALLENGE_TIMEOUT_MS);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) return Promise.reject(new Error('grecaptcha is missing'));
  return withTimeout(new Promise<string>((resolve, reject) => grecaptcha.ready(() => grecaptcha.execute(siteKey, { action }).then(resolve, reject))));
}

function turnstileToken(siteKey: string, action: string): Promise<string> {
  const turnstile = window.turnstile;
  if (!turnstile) return Promise.reject(new Error('turnstile is missing'));
  let widgetId: string | undefined;
  const remove = () => {
    if (widgetId !== undefined) turnstile.remove(widgetId);
    widgetId = undefined;
  };
  const token = new Promise<string>((resolve, reject) => {
    widgetId = turnstile.render(container(), {
      sitekey: siteKey,
      action,
      appearance: 'interaction-only',
      callback: resolve,
      'error-callback': () => reject(new Error('The Turnstile challenge failed.')),
      'expired-callback': () => reject(new Error('The Turnstile challenge expired.')),
    });
  });
  // Each check renders afresh: a widget's token is good once.
  return withTimeout(token, remove).finally(remove);
}

/** Runs the challenge the server described; rejects when it cannot give a token. */
export async function challengeToken(challenge: Challenge): Promise<string> {
  const { provider, site_key: siteKey, script_url: scriptUrl, action } = challenge;
  if (!provider || !siteKey || !scriptUrl) throw new Error('The challenge is not described.');
  const loaded = provider === 'recaptcha' ? window.grecaptcha : window.turnstile;
  if (!loaded) await loadScript(scriptUrl); // once; the page may already have it
  return provider === 'recaptcha' ? recaptchaToken(siteKey, action) : turnstileToken(siteKey, action);
}
