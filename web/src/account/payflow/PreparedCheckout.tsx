import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { isApiError } from '../../api/client';
import { prepareCustomer, preparedCustomerQuery } from '../../api/siteCalls';
import { shouldRetry } from '../../api/queryClient';
import { ensureHuman } from '../humanVerification/ensureHuman';
import { isVerificationFailure } from '../humanVerification/failures';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { messages } from '../messages';
import { useIdentity } from '../state/IdentityProvider';
import { useReader } from '../state/identityData';
import { Checkout } from './Checkout';

/**
 * The checkout, once the site API's prepare-customer call has made the reader's gateway
 * customer: the card form then always opens on a customer that exists.
 */
export function PreparedCheckout(props: ComponentProps<typeof Checkout>) {
  const { state: identity } = useIdentity();
  const ids = { sessionId: identity.sessionId, trackingId: useReader().reader };
  const prepared = useQuery({
    ...preparedCustomerQuery(ids),
    // The payflow's first write: the human check comes first (spec section 5), unless it is off.
    queryFn: async () => {
      await ensureHuman();
      return prepareCustomer(ids);
    },
    // A failed check waits for the reader's Try again, which runs a new challenge.
    retry: (failures, error) => !isVerificationFailure(error) && shouldRetry(failures, error),
  });

  if (prepared.isPending) return <Spinner label="Preparing checkout…" />;
  if (prepared.error) {
    const error = prepared.error;
    const shown = isVerificationFailure(error) || (isApiError(error) && error.status >= 400 && error.status < 500);
    const message = shown ? error.message : messages.unknownError;
    return (
      <div className="card">
        <ErrorAlert>
          <p>{message}</p>
        </ErrorAlert>
        <Button variant="secondary" onClick={() => void prepared.refetch()}>
          Try again
        </Button>{' '}
        <Button variant="link" onClick={props.onChangePlan}>
          Change plan
        </Button>
      </div>
    );
  }
  return <Checkout {...props} />;
}
