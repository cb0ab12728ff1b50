/**
 * The one step register and the payflow take before their first write (spec section 5: the
 * challenge with action nyp_membership, unless the server says it is off): ask the server
 * whether a check is needed, run the provider's challenge, have the server check the token.
 * It resolves once this browser may go on; otherwise it throws an ApiError that
 * isVerificationFailure recognises, whose message the screen shows beside a Try again.
 */
import { challengeFailed } from './failures';
import { challengeToken } from './providerScript';
import { fetchChallenge, sendToken } from './verificationCalls';

export async function ensureHuman(): Promise<void> {
  // Unknown (the call failed): go on. The server enforces the check, not this page: while it
  // is on, the guarded call answers 403 human-verification-required, shown with Try again.
  const challenge = await fetchChallenge().catch(() => null);
  if (!challenge || challenge.disabled) return;
  let token: string;
  try {
    token = await challengeToken(challenge);
  } catch {
    throw challengeFailed();
  }
  await sendToken(token); // its refusals are ApiErrors with the server's sentence
}
