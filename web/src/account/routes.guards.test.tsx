// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipResponse, PaymentMethod } from '../api/billing';
import { createQueryClient } from '../api/queryClient';
import { serveReader } from '../test/accountApi';
import { App } from './App';

/** The router's guards on the pages of "login plus extra gate" (spec section 2; routes.tsx). */

const visa = { token: 't-1', type: 'CreditCard', default: true } as PaymentMethod;

function membership(overrides: Partial<MembershipResponse>): MembershipResponse {
  return { status: 'None', isMember: false, activeSubscription: null, paymentMessage: null, membershipEnabled: true, pauseEnabled: true, pausedLength: null, homeDelivery: false, ...overrides };
}

function open(path: string) {
  window.history.replaceState({}, '', path);
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the members' pages need a payment method and an active status", () => {
  const REFER = '/account/settings/refer-a-friend';

  it.each([
    ['without a membership', membership({}), []],
    ['whose membership has ended', membership({ status: 'Canceled' }), [visa]],
    ['who is past due', membership({ status: 'Past Due' }), [visa]],
    ['who is a member without a payment method', membership({ status: 'Active', isMember: true }), []],
  ])('Refer a friend sends a reader %s to the membership page', async (_who, member, methods) => {
    serveReader(member, methods);
    open(REFER);
    await waitFor(() => expect(window.location.pathname).toBe('/account/settings/membership'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Refer a friend' })).not.toBeInTheDocument();
    // The membership page says why the reader was sent there.
    expect(await screen.findByText(/Refer a friend is for members with a running membership/)).toBeInTheDocument();
  });

  it.each([
    ['an active member with a card', membership({ status: 'Active', isMember: true }), [visa]],
    ['a cancelled member still paid up', membership({ status: 'Cancelled_Active', isMember: true }), [visa]],
    ['a home-delivery reader (no payment method)', membership({ status: 'Active', isMember: true, homeDelivery: true }), []],
  ])('Refer a friend opens for %s', async (_who, member, methods) => {
    serveReader(member, methods);
    open(REFER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Refer a friend' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(REFER);
  });

  it('leaves My rewards open to a reader who is not a member yet: a referred reward waits there', async () => {
    serveReader(membership({}), []);
    open('/account/settings/my-rewards');
    expect(await screen.findByRole('heading', { level: 1, name: 'My rewards' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/account/settings/my-rewards');
  });

  it('leaves the payment-method page open to a reader without one: it is where they add it', async () => {
    serveReader(membership({ status: 'Canceled' }), []);
    open('/account/settings/payment-method');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment methods' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/account/settings/payment-method');
  });
});
