// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MembershipResponse, PaymentMethod } from '../api/billing';
import { createQueryClient } from '../api/queryClient';
import { serveReader } from '../test/accountApi';
import { RequireLogin } from './guards';
import { SubscriptionLayout } from './membership/SubscriptionProvider';
import { RequireActiveMember, isActivePayingMember } from './RequireActiveMember';
import { IdentityProvider, useIdentity } from './state/IdentityProvider';

const visa = { token: 't-1', type: 'CreditCard', default: true } as PaymentMethod;

function membership(overrides: Partial<MembershipResponse>): MembershipResponse {
  return { status: 'None', isMember: false, activeSubscription: null, paymentMessage: null, membershipEnabled: true, pauseEnabled: true, pausedLength: null, homeDelivery: false, ...overrides };
}

describe('isActivePayingMember', () => {
  it.each([
    ['an active member with a card', membership({ status: 'Active', isMember: true }), [visa], true],
    ['a cancelled member still paid up, with a card', membership({ status: 'Cancelled_Active', isMember: true }), [visa], true],
    ['an active member without a payment method', membership({ status: 'Active', isMember: true }), [], false],
    ['a past-due reader with a card', membership({ status: 'Past Due' }), [visa], false],
    ['a reader whose membership has ended', membership({ status: 'Canceled' }), [visa], false],
    ['a reader without a membership', membership({}), [], false],
    ['a home-delivery reader, who has no payment method', membership({ status: 'Active', isMember: true, homeDelivery: true }), [], true],
  ])('%s', (_name, member, methods, allowed) => {
    expect(isActivePayingMember(member, methods)).toBe(allowed);
  });
});

/** As the app's router does: nothing until the data layer has loaded. */
function WhenReady({ children }: { children: ReactNode }) {
  const { dataLayerLoaded } = useIdentity();
  return dataLayerLoaded ? children : null;
}

function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IdentityProvider config={{ allowedRedirectHosts: ['127.0.0.1'] }}>
        <MemoryRouter initialEntries={['/account/members-only']}>
          <WhenReady>
            <Routes>
            <Route element={<SubscriptionLayout />}>
              <Route
                path="/account/members-only"
                element={
                  <RequireLogin>
                    <RequireActiveMember page="Refer a friend">
                      <h1>Members only</h1>
                    </RequireActiveMember>
                  </RequireLogin>
                }
              />
              <Route path="/account/settings/membership" element={<h1>Membership page</h1>} />
            </Route>
            </Routes>
          </WhenReady>
        </MemoryRouter>
      </IdentityProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RequireActiveMember', () => {
  it('shows the page to an active member with a payment method', async () => {
    serveReader(membership({ status: 'Active', isMember: true }), [visa]);
    open();
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument();
  });

  it('shows the page to a home-delivery reader without a payment method', async () => {
    serveReader(membership({ status: 'Active', isMember: true, homeDelivery: true }), []);
    open();
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument();
  });

  it('sends a member without a payment method to the membership page', async () => {
    serveReader(membership({ status: 'Active', isMember: true }), []);
    open();
    expect(await screen.findByRole('heading', { name: 'Membership page' })).toBeInTheDocument();
  });

  it('sends a reader whose membership has ended to the membership page', async () => {
    serveReader(membership({ status: 'Canceled' }), [visa]);
    open();
    expect(await screen.findByRole('heading', { name: 'Membership page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members only' })).not.toBeInTheDocument();
  });
});
