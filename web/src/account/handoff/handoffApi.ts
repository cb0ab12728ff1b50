/** The hand-off's redeem call (server: identity/handoff). Failures are ApiErrors with a sentence. */
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

export type Redeemed = components['schemas']['RedeemOut'];

export function redeemHandoff(code: string): Promise<Redeemed> {
  return call(() => api.POST('/blaize/handoff/redeem', { body: { code } }));
}
