import { Link } from 'react-router';
import type { MembershipResponse } from '../../api/billing';
import { Button } from '../../ui/Button';
import { formatPrice, formatServerDate } from '../payflow/texts';
import { monthsWording } from './changeTexts';
import { HOME_DELIVERY_INCLUDED, priceChangeText } from './homeDelivery';
import { HomeDeliveryNotice } from './HomeDeliveryNotice';
import { accessUntil, canCancel, canChangePlan, canPause, isPaused, statusLabel } from './status';

interface OverviewProps {
  membership: MembershipResponse;
  onCancel: () => void;
  onPause: () => void;
  onResume: () => void;
  onChangePlan: () => void;
  onRestart: () => void;
  /** Resume or restart is under way. */
  resuming: boolean;
}

/** Status, plan and next billing date, with what the reader can do next. */
export function MembershipOverview({ membership, onCancel, onPause, onResume, onChangePlan, onRestart, resuming }: OverviewProps) {
  const subscription = membership.activeSubscription;
  const until = accessUntil(subscription);
  const nextBilling = formatServerDate(subscription?.next_billing_date);
  const cancelledActive = membership.status === 'Cancelled_Active';
  const paused = isPaused(membership.status);
  const priceChange = cancelledActive ? null : priceChangeText(membership);

  return (
    <section className="card membership-overview" aria-labelledby="membership-heading">
      <h2 id="membership-heading">Your membership</h2>
      <dl className="membership-facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="membership-status">{statusLabel(membership.status)}</dd>
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
                    <dt>{paused ? 'Restarts on' : 'Next billing date'}</dt>
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
      {membership.status === 'Active_Pending' && subscription && nextBilling && (
        <p className="membership-note">
          Your {subscription.plan.name} plan starts on {nextBilling}, when your current paid period ends.
        </p>
      )}
      {subscription?.trial && !cancelledActive && <p>You are on a free trial. Your first payment is taken on the next billing date.</p>}
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
      {!membership.isMember && (
        <>
          <p>{membership.status === 'None' && !membership.homeDeliveryMessage ? 'You are not a member yet.' : 'Your membership has ended.'} Get unlimited sports coverage with a membership.</p>
          <Link className="button button--primary" to="/account/subscribe">
            Subscribe
          </Link>
        </>
      )}
      {subscription && canCancel(membership.status) && (
        <div className="membership-actions">
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
