import { useState } from 'react';
import { Navigate } from 'react-router';
import { cancelSubscription } from '../../api/billing';
import { StatusMessage } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { AlertBar } from '../membership/AlertBar';
import { alertMessages } from '../membership/alerts';
import { CancelDialog } from '../membership/CancelDialog';
import { MembershipOverview } from '../membership/MembershipOverview';
import { MembershipSidebar } from '../membership/MembershipSidebar';
import { accessUntil } from '../membership/status';
import { useSubscription } from '../membership/SubscriptionProvider';
import { LoadError } from '../settings/LoadError';
import { SettingsNav } from '../settings/SettingsNav';
import { formatServerDate } from '../payflow/texts';

export default function MembershipScreen() {
  const { state, dispatch, membership, membershipError, retryMembership, refreshBilling } = useSubscription();
  const [cancelOpen, setCancelOpen] = useState(false);

  // Spec: membership pages need membership enabled, else go to settings.
  if (membership && !membership.membershipEnabled) return <Navigate to="/account/settings" replace />;

  const subscription = membership?.activeSubscription ?? null;

  const confirmCancel = async (reason: string, reasonText: string) => {
    if (!subscription) return;
    const id = subscription.id || subscription['external-id'];
    const cancelled = await cancelSubscription(id, { reason, reasonText });
    const until = formatServerDate(cancelled.paid_through_date) ?? formatServerDate(cancelled.next_billing_date) ?? accessUntil(subscription);
    dispatch({
      type: 'SET_GLOBAL_SUCCESS_MESSAGE',
      message: until ? `Your membership has been cancelled. You keep your benefits until ${until}.` : 'Your membership has been cancelled.',
    });
    setCancelOpen(false);
    await refreshBilling();
  };

  return (
    <div className="page page--wide">
      <PageHeading title="Membership">Membership</PageHeading>
      <SettingsNav />
      <AlertBar messages={membership ? alertMessages(membership.paymentMessage, state.paymentMethodsData.paymentMethods) : []} />
      <StatusMessage>{state.globalSuccessMessage && <p>{state.globalSuccessMessage}</p>}</StatusMessage>
      {membership ? (
        <div className="membership-layout">
          <MembershipOverview
            membership={membership}
            onCancel={() => {
              dispatch({ type: 'SET_GLOBAL_SUCCESS_MESSAGE', message: null });
              setCancelOpen(true);
            }}
          />
          <MembershipSidebar isMember={membership.isMember} />
        </div>
      ) : membershipError ? (
        <LoadError error={membershipError} onRetry={retryMembership} />
      ) : (
        <Spinner label="Loading your membership…" />
      )}
      <CancelDialog open={cancelOpen} accessUntil={accessUntil(subscription)} onClose={() => setCancelOpen(false)} onConfirm={confirmCancel} />
    </div>
  );
}
