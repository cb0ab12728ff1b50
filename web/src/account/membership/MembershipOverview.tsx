import { Link } from 'react-router';
import type { MembershipResponse } from '../../api/billing';
import { Button } from '../../ui/Button';
import { addDays, formatDate } from '../../ui/dates';
import { formatPrice } from '../payflow/texts';
import { monthsWording } from './changeTexts';
import { HOME_DELIVERY_INCLUDED, priceChangeText } from './homeDelivery';
import { HomeDeliveryNotice } from './HomeDeliveryNotice';
import { PAST_DUE_NOTE } from './pastDue';
import { accessUntilDay, freeTrialUntilDay, nextChargeDay } from './periods';
import { canCancel, canChangePlan, canPause, isPaused, statusLabel } from './status';

interface OverviewProps {
  membership: MembershipResponse;
  onCancel: () => void;
  onPause: () => void;
  onResume: () => void;
  onChangePlan: () => void;
  onRestart: () => void;
  /** Charges a past-due balance again. */
  onRetryPayment: () => void;
  /** Resume, restart or a payment retry is under way. */
  resuming: boolean;
}

/** Status, plan and next billing date, with what the reader can do next. */
export function MembershipOverview({ membership, onCancel, onPause, onResume, onChangePlan, onRestart, onRetryPayment, resuming }: OverviewProps) {
  const subscription = membership.activeSubscription;
  const until = formatDate(accessUntilDay(membership));
  const nextBilling = formatDate(nextChargeDay(subscription));
  const cancelledActive = membership.status === 'Cancelled_Active';
  const paused = isPaused(membership.status);
  const pastDue = membership.status === 'Past Due';
  const priceChange = cancelledActive ? null : priceChangeText(membership);
  const trialUntil = cancelledActive ? null : freeTrialUntilDay(membership);
  const planChange = membership.status === 'Active_Pending' ? formatDate(membership.planChangeDate) : null;

  return (
    <section className="card membership-overview" aria-labelledby="membership-heading">
      <h2 id="membership-heading">Your membership</h2>
      <dl className="membership-facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="membership-status">{statusLabel(membership.status, until)}</dd>
        </div>
        {membership.homeDelivery && (
          <div>
            <dt>Plan</dt>
            <dd data-testid="home-delivery">{HOME_DELIVERY_INCLUDED}</dd>
          </div>
        )}
        {subscription && (
          <>
            <div>
              <dt>Plan</dt>
              <dd>{subscription.plan.name}</dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>{formatPrice(subscription.plan.amount)}</dd>
            </div>
            {cancelledActive
              ? until && (
                  <div>
                    <dt>Access until</dt>
                    <dd>{until}</dd>
                  </div>
                )
              : nextBilling && (
                  <div>
                    <dt>{paused ? 'Restarts on' : pastDue ? 'Payment due since' : 'Next billing date'}</dt>
                    <dd>{nextBilling}</dd>
                  </div>
                )}
          </>
        )}
      </dl>
      {membership.homeDeliveryMessage && <HomeDeliveryNotice message={membership.homeDeliveryMessage} />}
      {priceChange && <p className="membership-note">{priceChange}</p>}
      {paused && (
        <p className="membership-note">
          Your membership is paused{membership.pausedLength ? ` for ${monthsWording(membership.pausedLength)}` : ''}. You are not charged until it restarts
          {nextBilling ? ` on ${nextBilling}` : ''}.
        </p>
      )}
      {subscription && planChange && (
        <p className="membership-note" data-testid="plan-change">
          Your {subscription.plan.name} plan starts on {planChange}, when your current paid period ends.
        </p>
      )}
      {subscription && trialUntil && (
        <p className="membership-note" data-testid="free-trial">
          You are on a free trial until {formatDate(trialUntil)}. Your first payment of {formatPrice(subscription.plan.amount)} is taken on{' '}
          {formatDate(addDays(trialUntil, 1))}.
        </p>
      )}
      {pastDue && <p className="membership-note">{PAST_DUE_NOTE}</p>}
      {cancelledActive && (
        <>
          <p className="membership-note">
            Your membership has been cancelled and will not renew. You keep your membership benefits{until ? ` until ${until}` : ' until the end of the paid period'}.
          </p>
          <div className="membership-actions">
            <Button onClick={onRestart} busy={resuming}>
              Restart membership
            </Button>
          </div>
        </>
      )}
      {/* A past-due membership is repaired (retry, card update), not bought again. */}
      {!membership.isMember && !pastDue && (
        <>
          <p>{membership.status === 'None' && !membership.homeDeliveryMessage ? 'You are not a member yet.' : 'Your membership has ended.'} Get unlimited sports coverage with a membership.</p>
          <Link className="button button--primary" to="/account/subscribe">
            Subscribe
          </Link>
        </>
      )}
      {subscription && canCancel(membership.status) && (
        <div className="membership-actions">
          {pastDue && (
            <>
              <Button onClick={onRetryPayment} busy={resuming}>
                Retry payment
              </Button>
              <Link className="button button--secondary" to="/account/settings/payment-method">
                Update payment method
              </Link>
            </>
          )}
          {paused && (
            <Button onClick={onResume} busy={resuming}>
              Resume membership
            </Button>
          )}
          {canChangePlan(membership.status) && (
            <Button variant="secondary" onClick={onChangePlan}>
              Change plan
            </Button>
          )}
          {canPause(membership.status, membership.pauseEnabled) && !subscription.trial && (
            <Button variant="secondary" onClick={onPause}>
              Pause membership
            </Button>
          )}
          <Button variant="secondary" onClick={onCancel}>
            Cancel membership
          </Button>
        </div>
      )}
    </section>
  );
}
