import { Link } from 'react-router';
import type { RawPlan, Subscription } from '../../api/billing';
import { formatServerDate, hasTrial, priceWording } from './texts';

interface ConfirmationProps {
  plan: RawPlan;
  trialStarted: boolean;
  subscription: Subscription | null;
  /** The story that sent the reader to the payflow, already accepted by the redirect rules. */
  story?: string | null;
}

/** The subscriber thank-you screen after a successful subscribe. */
export function Confirmation({ plan, trialStarted, subscription, story = null }: ConfirmationProps) {
  // The new subscription's own date once the membership has been fetched again, else the plan's.
  const firstBilling = formatServerDate(subscription?.next_billing_date) ?? formatServerDate(plan.first_billing_date);
  return (
    <section className="card confirmation" aria-labelledby="confirmation-heading">
      <h2 id="confirmation-heading">Thank you for subscribing!</h2>
      <p>
        Your <strong>{plan.name}</strong> membership is now active.
      </p>
      {trialStarted && hasTrial(plan) ? (
        <p>Your free trial has started.{firstBilling ? ` Your first payment is due on ${firstBilling}.` : ''}</p>
      ) : (
        <p>{priceWording(plan, true)}</p>
      )}
      {story && (
        <p>
          {/* A page load, not the router: the story is a publisher page, now released in full. */}
          <a className="button button--primary" href={story}>
            Back to the story
          </a>
        </p>
      )}
      <p>
        {/* The subscriber onboarding, opened on its thank-you screen (onboarding/OnboardingRoutes). */}
        <Link to="/account/onboarding" state={{ justSubscribed: true }}>
          Set up your membership
        </Link>
      </p>
      <p>
        <Link to="/account/settings/membership">Manage your membership</Link>
      </p>
    </section>
  );
}
