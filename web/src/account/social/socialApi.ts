/** The social sign-in calls: the offered providers, register with a popup's stateKey, and the provider's name parts. */
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';
import type { SessionResponse } from '../../api/types';

export type SocialProvider = components['schemas']['SocialProviders']['providers'][number];
export type ProviderNames = components['schemas']['ProviderNames'];

export async function fetchSocialProviders(): Promise<SocialProvider[]> {
  const answer = await call(() => api.GET('/blaize/oauth'));
  return answer.providers;
}

/** Spec section 7: register with validators.token_exchange and the sso attributes. */
export function registerWithProvider(provider: SocialProvider, identifier: string, stateKey: string): Promise<SessionResponse> {
  return call(() =>
    api.POST('/blaize/register', {
      body: {
        identifiers: { email_address: identifier },
        validators: { token_exchange: stateKey },
        attributes: { 'sso-user': true, [`${provider}-authenticated`]: true },
      },
    }),
  );
}

export function fetchProviderNames(provider: SocialProvider): Promise<ProviderNames> {
  return call(() => api.GET('/blaize/profile/{provider}', { params: { path: { provider: `_${provider}` } } }));
}
