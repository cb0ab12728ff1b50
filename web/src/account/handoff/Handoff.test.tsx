// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { App } from '../App';
import { MOBILE_APP_STORAGE_KEY } from '../mobileApp';
import { ALL_BRANDS_PATH, throughAllBrands } from './allBrands';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server: signed out until the code is redeemed; `redeem` answers the redeem call. */
function serve(redeem: () => Response): { redeemed: unknown[] } {
  const redeemed: unknown[] = [];
  let signedIn = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      if (path === '/blaize/handoff/redeem') {
        redeemed.push(JSON.parse(String(init?.body)));
        const answer = redeem();
        signedIn = answer.ok;
        return answer;
      }
      if (path === '/blaize/datalayer') {
        return signedIn ? json({ dataLayer: { loggedIn: true, trackingId: 't', fullName: 'Ada Lovelace' } }) : json({ type: 'unauthorized', message: 'Please log in to continue.' }, 401);
      }
      if (path === '/blaize/account') return json({ identifiers: { email_address: 'ada@example.com' }, tracking_id: 't' });
      if (path === '/blaize/profile') return json({ 'full-name': 'Ada Lovelace' });
      if (path === '/wp-json/nyp-membership/v1/nonce') return json({ nonce: 'n1' });
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return { redeemed };
}

beforeEach(() => {
  window.sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function open(path: string) {
  window.history.replaceState({}, '', path);
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['localhost'] }} />);
}

it('redeems the code once and goes on to the path it names', async () => {
  const server = serve(() => json({ redirect: '/account/settings/feedback', mobileApp: false }));
  open('/account/handoff?code=abc_DEF-123&redirect=%2Faccount%2Fsettings%2Ffeedback');
  expect(await screen.findByRole('heading', { name: /signing you in/i })).toBeTruthy();
  await waitFor(() => expect(window.location.pathname).toBe('/account/settings/feedback'));
  expect(server.redeemed).toEqual([{ code: 'abc_DEF-123' }]);
  expect(window.sessionStorage.getItem(MOBILE_APP_STORAGE_KEY)).toBeNull();
});

it('a code from the app opens the page in mobile-app mode', async () => {
  serve(() => json({ redirect: '/account/settings', mobileApp: true }));
  open('/account/handoff?code=abc');
  await waitFor(() => expect(window.location.pathname).toBe('/account/settings'));
  expect(window.sessionStorage.getItem(MOBILE_APP_STORAGE_KEY)).toBe('true');
});

it('a landing place that leaves the site falls back to the settings', async () => {
  serve(() => json({ redirect: '//evil.example/', mobileApp: false }));
  open('/account/handoff?code=abc');
  await waitFor(() => expect(window.location.pathname).toBe('/account/settings'));
});

it('a spent code says why and offers the login page', async () => {
  const spent = 'This sign-in link has expired or was already used. Please log in instead.';
  serve(() => json({ type: 'handoff-expired', message: spent }, 410));
  open('/account/handoff?code=abc');
  expect(await screen.findByRole('heading', { name: 'We could not sign you in' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(spent);
  const page = within(screen.getByRole('main'));
  expect(page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/account/login');
});

it('without a code nothing is asked of the server', async () => {
  const server = serve(() => json({}, 500));
  open('/account/handoff');
  expect(await screen.findByText('This sign-in link is not valid. Please log in instead.')).toBeTruthy();
  expect(server.redeemed).toEqual([]);
});

it('after a sign-in, hops through the other brands only where the page says so', () => {
  expect(throughAllBrands('/account/settings', true, false)).toBe(`${ALL_BRANDS_PATH}?return=%2Faccount%2Fsettings`);
  expect(throughAllBrands('/account/settings', false, false)).toBe('/account/settings');
  expect(throughAllBrands('/account/settings', undefined, false)).toBe('/account/settings');
  expect(throughAllBrands('/account/settings', true, true)).toBe('/account/settings');
  // Longer than the server takes: straight on, signed in here at least, never a 400 page.
  const long = `/account/settings?x=${'a'.repeat(2000)}`;
  expect(throughAllBrands(long, true, false)).toBe(long);
});

it("reads the server's word on signing in on every brand", async () => {
  const { parseConfig } = await import('../config');
  expect(parseConfig(JSON.stringify({ signInAllBrands: true })).signInAllBrands).toBe(true);
  expect(parseConfig(JSON.stringify({ signInAllBrands: 'yes' })).signInAllBrands).toBeUndefined();
  expect(parseConfig(null).signInAllBrands).toBeUndefined();
});
