// @vitest-environment jsdom
/**
 * One sign-in on every brand after a provider's popup and after registering on the way to the
 * payflow: the order is sign-in, then the hops (one page load through /blaize/handoff/brands),
 * then the landing place the hops return to; nothing navigates before the hops (the login
 * page's "already logged in" redirect stays quiet), and there are no hops when the page's
 * config says one brand, or in the app's web view.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { App } from '../App';
import type { MastheadConfig } from '../config';
import { pageLoad } from '../navigation';
import { ALL_BRANDS_PATH } from './allBrands';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What happened, in order: the calls that sign in, and the page loads. */
let events: string[];

/** A server that signs the reader in with the popup's cookie or the register call. */
function serve() {
  let signedIn = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input.url;
      const method = (typeof input === 'string' ? init?.method : input.method) ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/blaize/oauth') return json({ providers: ['google', 'facebook', 'apple'] });
      if (path === '/blaize/register' && method === 'POST') {
        events.push('register');
        signedIn = true;
        return json({ cookie: 'zephrSessionId=s1; Path=/', tracking_id: 't1', message: 'Registration successful' });
      }
      if (path === '/blaize/datalayer') {
        if (!signedIn) return json({ type: 'unauthorized', message: 'Please log in to continue.' }, 401);
        events.push('signed in');
        return json({ dataLayer: { loggedIn: true, trackingId: 't1', fullName: 'Ada Byron' } });
      }
      if (!signedIn) return json({ type: 'unauthorized', message: 'Please log in to continue.' }, 401);
      if (path === '/blaize/profile/_google') return json({ 'first-name': 'Ada', 'last-name': 'Byron' });
      if (path === '/blaize/profile') return json({ 'first-name': 'Ada', 'last-name': 'Byron', 'full-name': 'Ada Byron' });
      if (path === '/blaize/account') return json({ identifiers: { email_address: 'ada@example.com' }, tracking_id: 't1' });
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  // A popup's answer for a reader the server knows already: its session cookie.
  return {
    signInByPopup: () => {
      signedIn = true;
    },
  };
}

let popupState = '';

beforeEach(() => {
  events = [];
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.spyOn(pageLoad, 'replace').mockImplementation((target) => {
    events.push(`page load ${target}`);
  });
  // The popup stands for itself as this window: a message from it has a real source.
  vi.stubGlobal(
    'open',
    vi.fn((url: string) => {
      popupState = new URL(url, 'http://localhost').searchParams.get('state') ?? '';
      return window;
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function open(path: string, config: Partial<MastheadConfig> = { signInAllBrands: true }) {
  window.history.replaceState({}, '', path);
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['localhost'], ...config }} />);
}

/** The popup answers as the development provider's last page does. */
function popupAnswers(data: Record<string, string>) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { ...data, state: popupState }, origin: window.location.origin, source: window }),
    );
  });
}

async function continueWithGoogle() {
  await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
}

const hops = (destination: string) => `page load ${ALL_BRANDS_PATH}?${new URLSearchParams({ return: destination }).toString()}`;

it('a returning reader signed in by a popup on the login page hops through the brands to the redirect', async () => {
  const server = serve();
  open('/account/login?redirect=%2Faccount%2Fsettings%2Fnewsletters');
  await continueWithGoogle();
  server.signInByPopup();
  popupAnswers({ action: 'login', provider: 'google', cookie: 'zephrSessionId=s1; Path=/', tracking_id: 't1' });

  await waitFor(() => expect(events.at(-1)).toMatch(/^page load /));
  expect(events).toEqual(['signed in', hops('/account/settings/newsletters')]);
  // Nothing else navigated: the page stays as it was until the hops' page load replaces it,
  // the button busy rather than offering a second sign-in.
  expect(window.location.pathname).toBe('/account/login');
  expect(screen.getByRole('button', { name: 'Waiting for Google…' })).toBeDisabled();
});

it('a new reader registered by a popup on the login page hops to the welcome page', async () => {
  serve();
  open('/account/login');
  await continueWithGoogle();
  popupAnswers({ action: 'register', provider: 'google', identifier: 'ada@example.com', stateKey: 'k1' });

  await waitFor(() => expect(events.at(-1)).toMatch(/^page load /), { timeout: 3_000 });
  expect(events[0]).toBe('register');
  expect(events.slice(-1)).toEqual([hops('/account/register-success')]);
  expect(window.location.pathname).toBe('/account/login');
});

it('a popup registration on the way to the payflow hops and returns to the chosen plan and story', async () => {
  serve();
  const payflow = '/account/subscribe?plan=sports-annual&redirect=%2F2026%2Fstory%2F';
  open(`/account/register?${new URLSearchParams({ redirect: payflow }).toString()}`);
  await continueWithGoogle();
  popupAnswers({ action: 'register', provider: 'google', identifier: 'ada@example.com', stateKey: 'k1' });

  await waitFor(() => expect(events.at(-1)).toMatch(/^page load /), { timeout: 3_000 });
  expect(events.slice(-1)).toEqual([hops(payflow)]);
});

it('a reader with an account who uses a popup on the register page still goes on to the payflow', async () => {
  const server = serve();
  const payflow = '/account/subscribe?plan=sports-annual&redirect=%2F2026%2Fstory%2F';
  open(`/account/register?${new URLSearchParams({ redirect: payflow }).toString()}`);
  await continueWithGoogle();
  server.signInByPopup();
  popupAnswers({ action: 'login', provider: 'google', cookie: 'zephrSessionId=s1; Path=/', tracking_id: 't1' });

  await waitFor(() => expect(events.at(-1)).toMatch(/^page load /));
  expect(events).toEqual(['signed in', hops(payflow)]);
  expect(window.location.pathname).toBe('/account/register');
});

it('registering by the form on the way to the payflow hops, then the payflow opens the plan', async () => {
  serve();
  const payflow = '/account/subscribe?plan=sports-annual&redirect=%2F2026%2Fstory%2F';
  open(`/account/register?${new URLSearchParams({ redirect: payflow }).toString()}`);
  await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Byron');
  await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Correct-Horse-9-Battery');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

  await waitFor(() => expect(events.at(-1)).toMatch(/^page load /), { timeout: 3_000 });
  expect(events).toEqual(['register', 'signed in', hops(payflow)]);
  // The address the hops return to carries the plan and the story.
  const back = new URL(new URLSearchParams(events.at(-1)!.split('?').slice(1).join('?')).get('return')!, 'http://localhost');
  expect(back.pathname).toBe('/account/subscribe');
  expect(back.searchParams.get('plan')).toBe('sports-annual');
  expect(back.searchParams.get('redirect')).toBe('/2026/story/');
  // Busy until the page goes: no second "Create account" while the hops load.
  expect(screen.getByRole('button', { name: 'Creating your account…' })).toBeDisabled();
});

it('with one brand (the config flag off) the popup sign-in goes straight to the redirect', async () => {
  const server = serve();
  open('/account/login?redirect=%2Faccount%2Fsettings%2Fnewsletters', {});
  await continueWithGoogle();
  server.signInByPopup();
  popupAnswers({ action: 'login', provider: 'google', cookie: 'zephrSessionId=s1; Path=/', tracking_id: 't1' });

  await waitFor(() => expect(window.location.pathname).toBe('/account/settings/newsletters'));
  expect(events.filter((event) => event.startsWith('page load'))).toEqual([]);
});

it("in the app's web view there are no hops: the app signs in through its own hand-off", async () => {
  serve();
  const payflow = '/account/subscribe?plan=sports-annual';
  open(`/account/register?${new URLSearchParams({ redirect: payflow, mobileApp: 'true' }).toString()}`);
  await continueWithGoogle();
  popupAnswers({ action: 'register', provider: 'google', identifier: 'ada@example.com', stateKey: 'k1' });

  await waitFor(() => expect(window.location.pathname).toBe('/account/subscribe'), { timeout: 3_000 });
  expect(window.location.search).toBe('?plan=sports-annual');
  expect(events.filter((event) => event.startsWith('page load'))).toEqual([]);
});
