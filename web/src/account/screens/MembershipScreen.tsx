import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { cancelSubscription } from '../../api/billing';
import { useQuery } from '@tanstack/react-query';
import { fetchCancelOffer, type CancelOffer } from '../../api/decisions';
import {
  pauseSubscription,
  restartSubscription,
  resumeSubscription,
  sendPauseEmail,
  switchPlan,
  takeDiscount,
} from '../../api/subscriptionChanges';
import { tellNewslettersOfPause } from '../newsletters/newslettersApi';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { errorText } from '../../ui/ModalDialog';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { AlertBar } from '../membership/AlertBar';
import { alertMessages } from '../membership/alerts';
import { CancelDialog } from '../membership/CancelDialog';
import { ChangePlanDialog } from '../membership/ChangePlanDialog';
import { PAUSE_SUCCESS, RESUME_SUCCESS } from '../../api/specTexts';
import { MembershipOverview } from '../membership/MembershipOverview';
import { MembershipSidebar } from '../membership/MembershipSidebar';
import { PauseDialog } from '../membership/PauseDialog';
import { retryPayment } from '../membership/pastDue';
import { accessUntilDay, lastPaidDay, nextChargeDay } from '../membership/periods';
import { useSubscription } from '../membership/SubscriptionProvider';
import { useMembership, usePaymentMethods, usePlans } from '../membership/billingData';
import { LoadError } from '../settings/LoadError';
import { SettingsNav } from '../settings/SettingsNav';
import { useAccount } from '../state/identityData';
import { orderPlans } from '../state/subscriptionReducer';
import { formatDate } from '../../ui/dates';
import { membersOnlyPage } from '../RequireActiveMember';

type Dialog = 'cancel' | 'pause' | 'change-plan' | null;

export default function MembershipScreen() {
  const { state, dispatch, refreshBilling } = useSubscription();
  const { membership, error: membershipError, retry: retryMembership } = useMembership();
  const { plans } = usePlans();
  const paymentMethods = usePaymentMethods().data;
  const account = useAccount().data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [resuming, setResuming] = useState(false);

  const subscription = membership?.activeSubscription ?? null;
  const subscriptionId = subscription ? subscription.id || subscription['external-id'] : '';
  const currentPlan = subscription ? plans[subscription.plan_id] : undefined;
  // The retention offer (the decision engine's cancel-flow-offer) is asked for when the
  // reader opens the cancel dialog; none on failure.
  const offers = useQuery({
    queryKey: ['decisions', 'cancel-flow-offer', subscriptionId],
    queryFn: () => fetchCancelOffer('/account/settings/membership'),
    enabled: dialog === 'cancel' && membership?.status === 'Active' && Boolean(subscriptionId),
    staleTime: 0,
  });

  const say = (success: string | null, error: string | null = null) => {
    dispatch({ type: 'SET_GLOBAL_SUCCESS_MESSAGE', message: success });
    dispatch({ type: 'SET_GLOBAL_ERROR_MESSAGE', message: error });
  };

  // The page's messages are about this page's actions: one left by the payflow or an earlier
  // visit (a declined card) must not stand next to what happens here.
  useEffect(() => {
    dispatch({ type: 'SET_GLOBAL_SUCCESS_MESSAGE', message: null });
    dispatch({ type: 'SET_GLOBAL_ERROR_MESSAGE', message: null });
  }, [dispatch]);

  const open = (which: Dialog) => {
    say(null);
    setDialog(which);
  };

  const finish = async (message: string) => {
    say(message);
    setDialog(null);
    await refreshBilling();
  };

  const confirmCancel = async (reason: string, reasonText: string) => {
    if (!subscription) return;
    const cancelled = await cancelSubscription(subscriptionId, { reason, reasonText });
    setDialog(null);
    // The day the page then shows: the last paid day across the reader's subscriptions (a
    // cancelled plan change was never paid for itself).
    const fresh = await refreshBilling();
    const until = formatDate(fresh ? accessUntilDay(fresh) : lastPaidDay(cancelled));
    say(until ? `Your membership has been cancelled. You keep your benefits until ${until}.` : 'Your membership has been cancelled.');
  };

  const acceptOffer = async (offer: CancelOffer) => {
    const taken = await takeDiscount(offer.subscriptionId, offer.discountId);
    await finish(taken.message);
  };

  const confirmPause = async (months: number) => {
    if (!subscription) return;
    const paused = await pauseSubscription(subscriptionId, months);
    const email = account?.identifiers.email_address;
    if (email) void tellNewslettersOfPause(email, true);
    const cycleEnd = lastPaidDay(subscription) ?? paused.effectiveDate;
    if (email && paused.effectiveDate && cycleEnd) {
      // The confirmation mail is a courtesy: its failure does not undo or hide the pause.
      void sendPauseEmail({
        emailAddress: email,
        pauseLength: months,
        pauseLengthEffectiveDate: paused.effectiveDate,
        billingCycleEndDate: cycleEnd,
        cta: '/account/settings/membership',
      });
    }
    await finish(PAUSE_SUCCESS);
  };

  const confirmChangePlan = async (planId: string) => {
    const changed = await switchPlan(subscriptionId, planId);
    await finish(changed.message);
  };

  /** Resume and restart: one button each, the server's words on success or failure. */
  const continueMembership = async (action: () => Promise<string>) => {
    say(null);
    setResuming(true);
    try {
      say(await action());
      await refreshBilling();
    } catch (caught) {
      say(null, errorText(caught));
    } finally {
      setResuming(false);
    }
  };
  const resume = () =>
    continueMembership(async () => {
      await resumeSubscription(subscriptionId);
      const email = account?.identifiers.email_address;
      if (email) void tellNewslettersOfPause(email, false);
      return RESUME_SUCCESS;
    });
  const restart = () => continueMembership(async () => (await restartSubscription(subscriptionId)).message);
  const retry = () => continueMembership(() => retryPayment(subscriptionId));

  // Sent here by the members' pages guard: say why, rather than leave the reader guessing.
  const guardedPage = membersOnlyPage(useLocation().state);

  // Spec: membership pages need membership enabled, else go to settings (after every hook).
  if (membership && !membership.membershipEnabled) return <Navigate to="/account/settings" replace />;

  return (
    <div className="page page--wide">
      <PageHeading title="Membership">Membership</PageHeading>
      <SettingsNav />
      {guardedPage && (
        <div className="alert alert--info" role="status">
          <p>
            {guardedPage} is for members with a running membership and a payment method. Start,
            restart or update yours below to use it.
          </p>
        </div>
      )}
      <AlertBar messages={membership ? alertMessages(membership.paymentMessage, paymentMethods ?? []) : []} />
      <StatusMessage>{state.globalSuccessMessage && <p>{state.globalSuccessMessage}</p>}</StatusMessage>
      <ErrorAlert>{state.globalErrorMessage && <p>{state.globalErrorMessage}</p>}</ErrorAlert>
      {membership ? (
        <div className="membership-layout">
          <MembershipOverview
            membership={membership}
            onCancel={() => open('cancel')}
            onPause={() => open('pause')}
            onChangePlan={() => open('change-plan')}
            onResume={() => void resume()}
            onRestart={() => void restart()}
            onRetryPayment={() => void retry()}
            resuming={resuming}
          />
          <MembershipSidebar isMember={membership.isMember || membership.status === 'Past Due'} />
        </div>
      ) : membershipError ? (
        <LoadError error={membershipError} onRetry={retryMembership} />
      ) : (
        <Spinner label="Loading your membership…" />
      )}
      <CancelDialog
        open={dialog === 'cancel'}
        accessUntil={membership ? formatDate(accessUntilDay(membership)) : null}
        offer={offers.data ?? null}
        onAcceptOffer={acceptOffer}
        onClose={() => setDialog(null)}
        onConfirm={confirmCancel}
      />
      <PauseDialog
        open={dialog === 'pause'}
        subscription={subscription}
        frequency={currentPlan?.frequency ?? null}
        priceChange={membership?.priceChange}
        onClose={() => setDialog(null)}
        onConfirm={confirmPause}
      />
      <ChangePlanDialog
        open={dialog === 'change-plan'}
        plans={orderPlans(plans).filter((plan) => plan.id !== subscription?.plan_id)}
        startsOn={formatDate(nextChargeDay(subscription))}
        onClose={() => setDialog(null)}
        onConfirm={confirmChangePlan}
      />
    </div>
  );
}
