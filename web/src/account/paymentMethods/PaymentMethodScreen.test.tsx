// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipResponse, PaymentMethod } from '../../api/billing';
import { createQueryClient } from '../../api/queryClient';
import { App } from '../App';

const visa: PaymentMethod = {
  token: 't-1',
  type: 'CreditCard',
  card_type: 'Visa',
  last_4: '1111',
  expiration_month: 12,
  expiration_year: 2030,
  default: true,
  has_active_subscription: false,
  expired: false,
  expiring_soon: false,
  image: '/braintree-sandbox/payment_method_logo/visa.svg',
};

function membership(overrides: Partial<MembershipResponse>): MembershipResponse {
  return { status: 'None', isMember: false, activeSubscription: null, paymentMessage: null, membershipEnabled: true, pauseEnabled: true, pausedLength: null, ...overrides };
}

/** A fake server: a logged-in reader (or none), their membership and their methods. */
function serve({ loggedIn = true, member = membership({}), methods = [visa] }: { loggedIn?: boolean; member?: MembershipResponse; methods?: PaymentMethod[] }) {
  const replies: Record<string, unknown> = {
    '/blaize/datalayer': { dataLayer: { loggedIn: true, trackingId: 'reader-1', firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace' } },
    '/blaize/account': { identifiers: { email_address: 'ada@example.com' } },
    '/blaize/profile': { 'full-name': 'Ada Lovelace' },
    '/wp-json/nyp-membership/v1/plans': {},
    '/wp-json/nyp-membership/v1/membership': member,
    '/blaize/payment/braintree/subscriptions': [],
    '/zephr/payment/braintree/payment-methods': methods,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      if (!loggedIn || !(path in replies)) return new Response(JSON.stringify({ type: 'unauthorized', message: 'Log in first.' }), { status: 401 });
      return new Response(JSON.stringify(replies[path]), { status: 200 });
    }),
  );
}

function open() {
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
}

beforeEach(() => {
  window.history.replaceState({}, '', '/account/settings/payment-method');
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/account/settings/payment-method', () => {
  it('lists the methods of a reader whose membership has ended, and offers to resubscribe', async () => {
    serve({ member: membership({ status: 'Canceled' }) });
    open();
    const list = await screen.findByRole('list', { name: 'Your payment methods' });
    const item = within(list).getByRole('listitem', { name: 'Visa ending in 1111' });
    expect(item).toHaveTextContent('Expires 12/2030');
    expect(item).toHaveTextContent('Default');
    expect(screen.getByRole('heading', { name: 'Your membership has ended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resubscribe' })).toHaveAttribute('href', '/account/subscribe');
    expect(screen.getByRole('button', { name: 'Add new card' })).toBeInTheDocument();
  });

  it('offers no resubscribe link to a member', async () => {
    serve({ member: membership({ status: 'Active', isMember: true }), methods: [{ ...visa, has_active_subscription: true }] });
    open();
    expect(await screen.findByRole('listitem', { name: 'Visa ending in 1111' })).toHaveTextContent('Pays for your membership');
    expect(screen.queryByRole('link', { name: 'Resubscribe' })).not.toBeInTheDocument();
  });

  it('sends the reader to settings when membership is switched off', async () => {
    serve({ member: membership({ membershipEnabled: false }) });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/account/settings');
  });

  it('sends a logged-out reader to login', async () => {
    serve({ loggedIn: false });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/account/login');
  });
});
