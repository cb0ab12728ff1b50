/** Home delivery calls of the account area (the operator API is for the print system only). */
import { api, call } from './client';

export const HOME_DELIVERY_NOTICE_PATH = '/wp-json/nyp-membership/v1/home-delivery-notice';

/** The reader has read that their free membership ended with their home delivery. */
export async function dismissHomeDeliveryNotice(): Promise<null> {
  await call(() => api.DELETE(HOME_DELIVERY_NOTICE_PATH));
  return null;
}
