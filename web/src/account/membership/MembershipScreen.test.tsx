// @vitest-environment jsdom
/**
 * The membership screen as a reader sees it after plan changes, cancels, resumes, restarts
 * and a failed renewal: one date for each fact, the plan they chose, charges said as charged.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipResponse, Subscription } from '../../api/billing';
import { createQueryClient } from '../../api/queryClient';
import { rawPlan } from '../../test/plans';
import { App } from '../App';

const day = (date: string | null) => (date ? { date: `${date} 00:00:00.000000`, timezone_type: 3, timezone: 'UTC' } : null);

function subscription(planId: string, name: string, amount: string, overrides: Partial<Subscription> & { paid?: string | null; next?: string | null } = {}): Subscription {
  const { paid = '2027-05-21', next = '2027-05-22', ...rest } = overrides;
  return {
    id: `sub-${planId}`,
    'external-id': `sub-${planId}`,
    'subscription-state': 'active',
    plan_id: planId,
    'next-billing-time': next ? `${next}T00:00:00Z` : null,
    'transaction-history': [],
    paid_through_date: day(paid),
    next_billing_date: day(next),
    ends: null,
    'blaize-product': { id: 'sports-membership' },
    plan: { amount, id: planId, name },
    trial: false,
    discounts: [],
    ...rest,
  } as Subscription;
}

const sixMonths = subscription('sports-six-month', 'Six Months', '24.99');

function membership(overrides: Partial<MembershipResponse>): MembershipResponse {
  return {
    status: 'Active',
    isMember: true,
    activeSubscription: sixMonths,
    paymentMessage: null,
    membershipEnabled: true,
    pauseEnabled: true,
    pausedLength: null,
    ...overrides,
  };
}

const plans = {
  'sports-monthly': rawPlan('sports-monthly', { name: 'Monthly' }),
  'sports-six-month': rawPlan('sports-six-month', { name: 'Six Months', frequency: 6, amount: '24.99', monthly_price: '4.17' }),
  'sports-annual': rawPlan('sports-annual', { name: 'Annual', frequency: 12, amount: '39.99', monthly_price: '3.33' }),
};

type Reply = [number, unknown];
type Handler = (method: string, path: string) => Reply | undefined;

/** A fake account API: the reader, the plans, `member` (changed by `handler`'s calls). */
function serve(member: () => MembershipResponse, handler: Handler = () => undefined) {
  const fixed: Record<string, unknown> = {
    '/blaize/datalayer': { dataLayer: { loggedIn: true, trackingId: 'reader-1', firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace' } },
    '/blaize/account': { identifiers: { email_address: 'ada@example.com' } },
    '/blaize/profile': { 'full-name': 'Ada Lovelace' },
    '/wp-json/nyp-membership/v1/plans': plans,
    '/wp-json/nyp-membership/v1/nonce': { nonce: 'n' },
    '/blaize/payment/braintree/subscriptions': [],
    '/zephr/payment/braintree/payment-methods': [],
  };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    const method = init?.method ?? 'GET';
    const [status, body] = handler(method, path) ??
      (path === '/wp-json/nyp-membership/v1/membership' ? [200, member()] : path in fixed ? [200, fixed[path]] : [404, { type: 'not-found', message: 'No.' }]);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function open() {
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
}

const card = () => screen.findByRole('region', { name: 'Your membership' });

beforeEach(() => {
  window.history.replaceState({}, '', '/account/settings/membership');
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/account/settings/membership', () => {
  it('after a plan change and a cancel: the chosen plan, active until the last paid day', async () => {
    // Six Months paid through May 21; the Annual that was to follow, cancelled.
    const annual = subscription('sports-annual', 'Annual', '39.99', { 'subscription-state': 'cancelled', paid: null, ends: '2027-05-22' });
    serve(() => membership({ status: 'Cancelled_Active', activeSubscription: annual, accessUntil: '2027-05-21' }));
    open();
    const overview = await card();
    expect(within(overview).getByTestId('membership-status')).toHaveTextContent('Active until May 21, 2027');
    expect(overview).toHaveTextContent('Annual');
    expect(overview).toHaveTextContent('You keep your membership benefits until May 21, 2027.');
    expect(overview).not.toHaveTextContent('May 22');
  });

  it('cancelling says the same last day in the banner as on the card', async () => {
    let cancelled = false;
    serve(
      () => (cancelled ? membership({ status: 'Cancelled_Active', activeSubscription: { ...sixMonths, 'subscription-state': 'cancelled' }, accessUntil: '2027-05-21' }) : membership({})),
      (method, path) => {
        if (method !== 'DELETE') return undefined;
        expect(path).toBe('/blaize/payment/braintree/subscriptions/sub-sports-six-month');
        cancelled = true;
        return [200, { ...sixMonths, 'subscription-state': 'cancelled' }];
      },
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You will keep your membership benefits until May 21, 2027.');
    await userEvent.click(within(dialog).getByLabelText('It costs too much'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));
    expect(await screen.findByText('Your membership has been cancelled. You keep your benefits until May 21, 2027.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('membership-status')).toHaveTextContent('Active until May 21, 2027'));
  });

  it('the pause dialog names the last paid day, the next charge day, and the charge on resuming', async () => {
    serve(() => membership({}));
    open();
    const overview = await card();
    expect(overview).toHaveTextContent('Next billing date');
    expect(overview).toHaveTextContent('May 22, 2027');
    await userEvent.click(within(overview).getByRole('button', { name: 'Pause membership' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Your membership stays as it is through May 21, 2027, the last day you have paid for. The pause starts on May 22, 2027');
    await userEvent.click(within(dialog).getByLabelText('3 months'));
    expect(within(dialog).getByTestId('pause-text')).toHaveTextContent(
      'Your membership will be paused for 3 months. It resumes on August 22, 2027: you are charged $24.99 that day and then every 6 months ($4.17 a month).',
    );
  });

  it('a pause and a resume are told to the newsletters; a failure is logged with the spec’s sentence and hides nothing', async () => {
    let status: MembershipResponse['status'] = 'Active';
    let newsletters: [number, unknown] = [200, { lists: {}, userinfo: { list_subscriptions: [], paused: true }, membership: null }];
    const fetch = serve(
      () => membership({ status }),
      (method, path) => {
        if (method === 'PATCH' && path.startsWith('/blaize/payment/braintree/subscriptions/')) {
          status = status === 'Active' ? 'Paused' : 'Active';
          return [200, { message: 'done', effectiveDate: '2027-05-22', subscription: null }];
        }
        if (method === 'POST' && path === '/wp-json/nyp-membership/v1/pause-subscription-email/') return [200, { ok: true }];
        if (method === 'POST' && path === '/wp-json/nyp-membership/v1/newsletters') return newsletters;
        return undefined;
      },
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    open();
    const overview = await card();
    await userEvent.click(within(overview).getByRole('button', { name: 'Pause membership' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('1 month'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    expect(await screen.findByText('Subscription successfully paused')).toBeInTheDocument();
    const newsletterCalls = () =>
      fetch.mock.calls.filter(([url]) => String(url).startsWith('/wp-json/nyp-membership/v1/newsletters')).map(([, init]) => String(init?.body));
    await waitFor(() => expect(newsletterCalls()).toHaveLength(1));
    const paused = new URLSearchParams(newsletterCalls()[0]);
    expect([paused.get('action'), paused.get('pause_membership'), paused.get('email')]).toEqual(['account_change', 'true', 'ada@example.com']);

    newsletters = [503, { type: 'unavailable', message: 'Down.' }];
    await userEvent.click(await screen.findByRole('button', { name: 'Resume membership' }));
    expect(await screen.findByText('Membership successfully resumed.')).toBeInTheDocument();
    await waitFor(() => expect(newsletterCalls()).toHaveLength(2));
    expect(new URLSearchParams(newsletterCalls()[1]).get('pause_membership')).toBe('false');
    await waitFor(() => expect(errors).toHaveBeenCalledWith('There was an error sending paused event to newsletters.'));
    errors.mockRestore();
  });

  it('the change-plan dialog says how often each plan charges', async () => {
    serve(() => membership({}));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Monthly: $4.99 every month');
    expect(dialog).toHaveTextContent('Annual: $39.99 every year');
    expect(dialog).toHaveTextContent('Your new plan starts on May 22, 2027');
    expect(dialog).not.toHaveTextContent('4 weeks');
  });

  it('a resume on the same plan is no plan change; a real change says when the new plan starts', async () => {
    const pending = { ...sixMonths, 'subscription-state': 'pending' as const, paid_through_date: null };
    let changeDate: string | null = null;
    serve(() => membership({ status: 'Active_Pending', activeSubscription: pending, planChangeDate: changeDate }));
    open();
    const overview = await card();
    expect(within(overview).getByTestId('membership-status')).toHaveTextContent('Active');
    expect(within(overview).queryByTestId('plan-change')).not.toBeInTheDocument();
    changeDate = '2027-05-22';
    window.history.replaceState({}, '', '/account/settings/membership');
    vi.unstubAllGlobals();
    serve(() => membership({ status: 'Active_Pending', activeSubscription: { ...pending, plan: { amount: '39.99', id: 'sports-annual', name: 'Annual' } }, planChangeDate: changeDate }));
    document.body.innerHTML = '';
    open();
    expect(await screen.findByTestId('plan-change')).toHaveTextContent('Your Annual plan starts on May 22, 2027, when your current paid period ends.');
  });

  it('a restarted trial is still a free trial', async () => {
    const restarted = subscription('sports-monthly', 'Monthly', '4.99', { 'subscription-state': 'pending', paid: null, next: '2026-11-29' });
    serve(() => membership({ status: 'Active_Pending', activeSubscription: restarted, freeTrialUntil: '2026-11-28' }));
    open();
    expect(await screen.findByTestId('free-trial')).toHaveTextContent(
      'You are on a free trial until November 28, 2026. Your first payment of $4.99 is taken on November 29, 2026.',
    );
  });

  it('a past-due reader retries the payment and sees how it went, without stale messages', async () => {
    let attempts = 0;
    let paid = false;
    const pastDue = { ...sixMonths, 'subscription-state': 'past due' as const };
    serve(
      () => (paid ? membership({}) : membership({ status: 'Past Due', isMember: false, activeSubscription: pastDue, paymentMessage: 'Your membership billing is past due. Please update your payment method to continue.' })),
      (method, path) => {
        if (method !== 'POST' || !path.endsWith('/retry')) return undefined;
        expect(path).toBe('/wp-json/nyp-membership/v1/subscriptions/sub-sports-six-month/retry');
        attempts += 1;
        if (attempts === 1) return [402, { type: 'payment-declined', message: 'Your card was declined for insufficient funds. Please use another card, or try again when funds are available.' }];
        paid = true;
        return [200, { message: 'Thank you. Your payment went through and your membership is active again.', subscription: sixMonths }];
      },
    );
    open();
    const overview = await card();
    expect(within(overview).getByRole('link', { name: 'Update payment method' })).toHaveAttribute('href', '/account/settings/payment-method');
    expect(overview).toHaveTextContent('Payment due sinceMay 22, 2027');
    expect(within(overview).queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument();
    await userEvent.click(within(overview).getByRole('button', { name: 'Retry payment' }));
    expect(await screen.findByText(/declined for insufficient funds/)).toBeInTheDocument();
    await userEvent.click(within(overview).getByRole('button', { name: 'Retry payment' }));
    expect(await screen.findByText('Thank you. Your payment went through and your membership is active again.')).toBeInTheDocument();
    expect(screen.queryByText(/declined for insufficient funds/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('membership-status')).toHaveTextContent('Active'));
    expect(screen.queryByRole('button', { name: 'Retry payment' })).not.toBeInTheDocument();
  });
});
