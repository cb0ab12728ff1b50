/**
 * The text calls on the site API (Masthead's own; the spec names none): the reader's text
 * alerts (read, turn on with consent, turn off) and "Text me a link to the app". Failures are
 * ApiErrors with the server's sentence (an invalid number says what to enter).
 */
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

export type TextAlerts = components['schemas']['TextAlertsOut'];
export type AppTextSent = components['schemas']['AppTextOut'];

const ALERTS = '/wp-json/nyp-membership/v1/text-alerts';

export function readTextAlerts(): Promise<TextAlerts> {
  return call(() => api.GET(ALERTS));
}

/** `consent: true`: the reader pressed the button beside the consent wording (stored with it). */
export function turnOnTextAlerts(phoneNumber: string, source: 'settings' | 'onboarding'): Promise<TextAlerts> {
  return call(() => api.POST(ALERTS, { body: { phone_number: phoneNumber, consent: true, source } }));
}

export function turnOffTextAlerts(): Promise<TextAlerts> {
  return call(() => api.DELETE(ALERTS));
}

export function textAppLink(phoneNumber: string): Promise<AppTextSent> {
  return call(() => api.POST('/wp-json/nyp-membership/v1/app-text', { body: { phone_number: phoneNumber } }));
}

/** The server says the same (texts/phone.py); this spares a round trip for the obvious. */
export const INTERNATIONAL_FORMAT = 'Enter your mobile number in international format, like +1 212 555 0100.';

export function checkPhone(values: { phone: string }) {
  const phone = values.phone.trim();
  if (phone === '' || !/^(\+|00)[\d\s().-]{4,}$/.test(phone)) return { field: 'phone' as const, message: INTERNATIONAL_FORMAT };
  return null;
}
