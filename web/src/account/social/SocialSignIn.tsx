import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { fetchSocialProviders } from './socialApi';
import { PROVIDER_LABELS } from './texts';
import { useSocialSignIn, type SocialSignInEvents } from './useSocialSignIn';
import './SocialSignIn.css';

/** The login and register screens' buttons for the providers the server offers. */
export function SocialSignIn(events: SocialSignInEvents) {
  const headingId = useId();
  const offered = useQuery({ queryKey: ['social-providers'], queryFn: fetchSocialProviders });
  const { signIn, loading, failure } = useSocialSignIn(events);
  const providers = offered.data ?? [];
  if (providers.length === 0) return null;
  return (
    <section className="social-sign-in" aria-labelledby={headingId}>
      <h2 id={headingId} className="social-sign-in__heading">
        Or continue with
      </h2>
      <ErrorAlert>
        {failure ? (
          <>
            <p>{failure.text}</p>
            {failure.detail ? <p>{failure.detail}</p> : null}
          </>
        ) : null}
      </ErrorAlert>
      <div className="social-sign-in__buttons">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            className="button--block"
            busy={loading === provider}
            disabled={loading !== null && loading !== provider}
            onClick={() => signIn(provider)}
          >
            {loading === provider ? `Waiting for ${PROVIDER_LABELS[provider]}…` : `Continue with ${PROVIDER_LABELS[provider]}`}
          </Button>
        ))}
      </div>
    </section>
  );
}
