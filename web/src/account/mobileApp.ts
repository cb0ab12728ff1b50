export const MOBILE_APP_STORAGE_KEY = 'masthead:mobileApp';

/**
 * The publisher's apps open the account area with ?mobileApp=true once; the flag is kept
 * for the rest of the tab's life so that links inside the area need not carry it.
 */
export function detectMobileApp(search: string, storage: Storage = window.sessionStorage): boolean {
  const requested = new URLSearchParams(search).get('mobileApp');
  try {
    if (requested === 'true') storage.setItem(MOBILE_APP_STORAGE_KEY, 'true');
    return storage.getItem(MOBILE_APP_STORAGE_KEY) === 'true';
  } catch {
    return requested === 'true';
  }
}
