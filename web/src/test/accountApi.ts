import { vi } from 'vitest';
import type { MembershipResponse, PaymentMethod } from '../api/billing';

const reply = (body: unknown, status: number) => new Response(JSON.stringify(body), { status });

export const unauthorized = () => reply({ type: 'unauthorized', message: 'Log in first.' }, 401);
const notFound = () => reply({ type: 'not-found', message: 'No.' }, 404);

/** Stubs fetch as the account API for Ada Lovelace, logged in, with `member` and `methods` and no
 * subscriptions and the given plans (none by default). Logged out, every path is `unauthorized`; any path not served is
 * `otherwise`. */
export function serveReader(
  member: MembershipResponse,
  methods: PaymentMethod[],
  { loggedIn = true, otherwise = notFound, plans = {} }: { loggedIn?: boolean; otherwise?: () => Response; plans?: Record<string, unknown> } = {},
) {
  const replies: Record<string, unknown> = {
    '/blaize/datalayer': { dataLayer: { loggedIn: true, trackingId: 'reader-1', firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace' } },
    '/blaize/account': { identifiers: { email_address: 'ada@example.com' } },
    '/blaize/profile': { 'full-name': 'Ada Lovelace' },
    '/wp-json/nyp-membership/v1/plans': plans,
    '/wp-json/nyp-membership/v1/membership': member,
    '/blaize/payment/braintree/subscriptions': [],
    '/zephr/payment/braintree/payment-methods': methods,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      if (!loggedIn) return unauthorized();
      return path in replies ? reply(replies[path], 200) : otherwise();
    }),
  );
}

/** Stubs fetch as the account API for Ada Lovelace, logged in, whose profile starts as
 * `profile` and takes the profile writes the settings forms send; answers the list of writes
 * (each without its updated-values), as the server stored them. */
export function serveProfileWrites(profile: Record<string, unknown>): Record<string, unknown>[] {
  const writes: Record<string, unknown>[] = [];
  let stored = { ...profile };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/blaize/datalayer'))
        return reply({ dataLayer: { loggedIn: true, fullName: 'Ada Lovelace', trackingId: 't', products: [], hadTrial: false, paused: false } }, 200);
      if (url.startsWith('/blaize/account')) return reply({ identifiers: { email_address: 'ada@example.com' }, tracking_id: 't' }, 200);
      if (url.startsWith('/blaize/profile') && init?.method === 'POST') {
        const { 'updated-values': _named, ...changes } = JSON.parse(String(init.body)) as Record<string, unknown>;
        writes.push(changes);
        stored = { ...stored, ...changes };
        return reply(stored, 200);
      }
      if (url.startsWith('/blaize/profile')) return reply(stored, 200);
      return reply({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return writes;
}
