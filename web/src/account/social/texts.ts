/** Spec section 8 (social login) and section 9 (popups, social-loading reset). */
export const SOCIAL_LOGIN_FAILURE = 'Sorry, there was a problem logging into your account.';
export const SOCIAL_LOADING_RESET_MS = 5000;
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;

export const PROVIDER_LABELS = { google: 'Google', facebook: 'Facebook', apple: 'Apple' } as const;
