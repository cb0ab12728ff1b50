// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipResponse, RawPlan } from '../../api/billing';
import { createQueryClient } from '../../api/queryClient';
import { App } from '../App';
import { rawPlan } from '../../test/plans';

const plan = rawPlan;

const PLANS = {
  'sports-monthly': plan('sports-monthly', { trial_duration: 7, cta_text: 'Try for free' }),
  'sports-six-month': plan('sports-six-month', { frequency: 6, amount: '24.99', card_heading: 'Flexible Biannually', cta_text: 'Get 6 Months for $24.99' }),
  'sports-annual': plan('sports-annual', { frequency: 12, amount: '39.99', card_heading: 'Flexible Annually', featured: true, badge: 'Best Value!', cta_text: 'Get 1 Year for $39.99' }),
};

const member: MembershipResponse = { status: 'None', isMember: false, activeSubscription: null, paymentMessage: null, membershipEnabled: true, pauseEnabled: true, pausedLength: null };

interface Sent {
  path: string;
  body: unknown;
}

/** A fake server for a signed-in reader; `decision` is the available-plans outputValue. */
function serve(decision: unknown, decisionStatus = 200): Sent[] {
  const sent: Sent[] = [];
  const replies: Record<string, unknown> = {
    '/blaize/datalayer': { dataLayer: { loggedIn: true, trackingId: 'reader-1', firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace' } },
    '/blaize/account': { identifiers: { email_address: 'ada@example.com' }, tracking_id: 'reader-1' },
    '/blaize/profile': { 'full-name': 'Ada Lovelace' },
    '/wp-json/nyp-membership/v1/plans': PLANS,
    '/wp-json/nyp-membership/v1/membership': member,
    '/blaize/payment/braintree/subscriptions': [],
    '/zephr/payment/braintree/payment-methods': [],
    '/wp-json/nyp-membership/v1/prepare-customer': { customer_id: 'reader-1', client_token: 'token' },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      sent.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (path === '/zephr/decision-engine') {
        const body = decisionStatus === 200 ? { outputValue: decision } : { type: 'error', message: 'Down.' };
        return new Response(JSON.stringify(body), { status: decisionStatus });
      }
      if (!(path in replies)) return new Response(JSON.stringify({ type: 'not-found', message: 'No.' }), { status: 404 });
      return new Response(JSON.stringify(replies[path]), { status: 200 });
    }),
  );
  return sent;
}

function cards() {
  return within(screen.getByRole('list', { name: 'Membership plans' })).getAllByRole('listitem');
}

beforeEach(() => {
  window.history.replaceState({}, '', '/account/subscribe');
  window.localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the payflow offers the available plans', () => {
  it('in the decided order, with the decided card options, dropping unknown plans', async () => {
    const sent = serve('sports-six-month {"featured": true, "curation": "Half a season"}\nretired-plan\nsports-annual {"featured": false}');
    render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
    await screen.findByRole('list', { name: 'Membership plans' });
    const shown = cards();
    expect(shown.map((card) => card.getAttribute('data-plan-id'))).toEqual(['sports-six-month', 'sports-annual']);
    expect(shown[0]).toHaveTextContent('Best Value!');
    expect(shown[0]).toHaveTextContent('Half a season');
    expect(shown[1]).not.toHaveTextContent('Best Value!');
    expect(console.warn).toHaveBeenCalledWith('available-plans: unknown plan id "retired-plan" dropped');
    const asked = sent.find((s) => s.path === '/zephr/decision-engine');
    expect(asked?.body).toMatchObject({ sdkFeatureSlug: 'available-plans', path: '/account/subscribe', contentId: null });
  });

  it('says no plan is available when the decision offers none', async () => {
    serve('');
    render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
    expect(await screen.findByText('No membership plans are available right now.')).toBeInTheDocument();
  });

  it('offers every plan in catalogue order when the decision is refused, and logs it', async () => {
    serve(null, 400); // a 4xx is not retried
    render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
    await screen.findByRole('list', { name: 'Membership plans' });
    expect(cards().map((card) => card.getAttribute('data-plan-id'))).toEqual(['sports-monthly', 'sports-six-month', 'sports-annual']);
    expect(console.error).toHaveBeenCalled();
  });

  it('prepares the gateway customer before the card form opens', async () => {
    const sent = serve('sports-annual');
    render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get 1 Year for $39.99' }));
    expect(await screen.findByRole('heading', { name: 'Pay by card' })).toBeInTheDocument();
    const prepared = sent.filter((s) => s.path === '/wp-json/nyp-membership/v1/prepare-customer');
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.body).toEqual({ tracking_id: 'reader-1' });
  });
});

describe('the region check', () => {
  it('shows the unsupported-region page instead of the router, and asks the server nothing', () => {
    const sent = serve('sports-annual');
    render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'], inSupportedRegion: false }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not available in your region' })).toBeInTheDocument();
    expect(screen.getByText('Memberships are not available in your region.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Membership plans' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
