// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipResponse, PaymentMethod } from '../../api/billing';
import { createQueryClient } from '../../api/queryClient';
import { serveReader, unauthorized } from '../../test/accountApi';
import { paymentMethod } from '../../test/paymentMethods';
import { App } from '../App';

const visa = paymentMethod({ has_active_subscription: false });

function membership(overrides: Partial<MembershipResponse>): MembershipResponse {
  return { status: 'None', isMember: false, activeSubscription: null, paymentMessage: null, membershipEnabled: true, pauseEnabled: true, pausedLength: null, ...overrides };
}

/** A fake server: a logged-in reader (or none), their membership and their methods. */
function serve({ loggedIn = true, member = membership({}), methods = [visa] }: { loggedIn?: boolean; member?: MembershipResponse; methods?: PaymentMethod[] }) {
  serveReader(member, methods, { loggedIn, otherwise: unauthorized });
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
