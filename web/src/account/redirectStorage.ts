import { REDIRECT_STORAGE_KEY } from './redirect';

/** The page a guard sent to login, to come back to afterwards (spec: kept in local storage). */
export function rememberRedirectPath(path: string): void {
  try {
    window.localStorage.setItem(REDIRECT_STORAGE_KEY, path);
  } catch {
    // Without storage the reader lands on settings after login: acceptable.
  }
}

export function readRedirectPath(): string | null {
  try {
    return window.localStorage.getItem(REDIRECT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetRedirectPath(): void {
  try {
    window.localStorage.removeItem(REDIRECT_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
