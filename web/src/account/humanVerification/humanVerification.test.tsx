// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { rawPlan } from '../../test/plans';
import { App } from '../App';

/** The machine is shared: the flows below take a few hops, so waits allow for a busy CPU. */
const SLOW = { timeout: 5_000 };
const FAILED = "We couldn't confirm you're not a robot. Please try again.";
const CHALLENGE = '/wp-json/nyp-membership/v1/recaptcha-disable';
const VERIFY = '/wp-json/nyp-membership/v1/recaptcha';
const PREPARE = '/wp-json/nyp-membership/v1/prepare-customer';
const TURNSTILE = { disabled: false, provider: 'turnstile', site_key: 'site-key', script_url: '/provider.js', action: 'nyp_membership' };
const OFF = { disabled: true, provider: null, site_key: null, script_url: null, action: 'nyp_membership' };

type Reply = { status: number; body: unknown };
interface Sent {
  path: string;
  body: unknown;
}

/** A fake server: `replies` by path (a list is answered in turn, its last one after that). */
function serve(replies: Record<string, Reply | Reply[]>, signedIn = false): Sent[] {
  const sent: Sent[] = [];
  const base: Record<string, Reply> = signedIn
    ? {
        '/blaize/datalayer': { status: 200, body: { dataLayer: { loggedIn: true, trackingId: 'reader-1', firstName: 'Ada' } } },
        '/blaize/account': { status: 200, body: { identifiers: { email_address: 'ada@example.com' }, tracking_id: 'reader-1' } },
        '/blaize/profile': { status: 200, body: { 'full-name': 'Ada Lovelace' } },
        '/wp-json/nyp-membership/v1/plans': { status: 200, body: { 'sports-annual': rawPlan('sports-annual', { cta_text: 'Get 1 Year' }) } },
        '/wp-json/nyp-membership/v1/membership': {
          status: 200,
          body: { status: 'None', isMember: false, activeSubscription: null, paymentMessage: null, membershipEnabled: true, pauseEnabled: true, pausedLength: null },
        },
        '/blaize/payment/braintree/subscriptions': { status: 200, body: [] },
        '/zephr/payment/braintree/payment-methods': { status: 200, body: [] },
        '/zephr/decision-engine': { status: 200, body: { outputValue: 'sports-annual' } },
      }
    : { '/blaize/datalayer': { status: 401, body: { type: 'unauthorized', message: 'Log in first.' } } };
  const counts: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      sent.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (path === '/wp-json/nyp-membership/v1/nonce') return new Response(JSON.stringify({ nonce: 'n' }));
      const given = replies[path] ?? base[path];
      const turn = (counts[path] = (counts[path] ?? 0) + 1);
      const reply = Array.isArray(given) ? given[Math.min(turn, given.length) - 1] : given;
      if (!reply) return new Response(JSON.stringify({ type: 'not-found', message: 'No.' }), { status: 404 });
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return sent;
}

const passed = { status: 200, body: { success: true, disabled: false, expires_in: 900 } };
const refused = { status: 403, body: { type: 'verification-failed', message: FAILED } };
const session = { status: 200, body: { cookie: 'zephrSessionId=abc;', message: 'Registration successful', tracking_id: 'reader-1' } };

/** Turnstile's browser API: each render answers a token, or fails when `fails` says so. */
function fakeTurnstile(fails: () => boolean = () => false) {
  const render = vi.fn((_box: HTMLElement, options: { callback: (token: string) => void; 'error-callback': () => void }) => {
    setTimeout(() => (fails() ? options['error-callback']() : options.callback(`token-${render.mock.calls.length}`)), 0);
    return `widget-${render.mock.calls.length}`;
  });
  window.turnstile = { render, remove: vi.fn() };
  return render;
}

async function fillAndRegister() {
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
  await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Password1');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

/** The message, once shown, in the form's alert region (which is in the page, empty, before). */
async function inAlert(text: string) {
  expect((await screen.findByText(text, {}, SLOW)).closest('[role="alert"]')).not.toBeNull();
}

const paths = (sent: Sent[]) => sent.map((s) => s.path).filter((path) => [VERIFY, '/blaize/register', PREPARE].includes(path));

beforeEach(() => {
  window.history.replaceState({}, '', '/account/register');
  window.localStorage.clear();
  delete window.turnstile;
  delete window.grecaptcha;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('register with the challenge on', () => {
  it('runs the challenge for nyp_membership, has the server check the token, then registers', async () => {
    const renderWidget = fakeTurnstile();
    const sent = serve({ [CHALLENGE]: { status: 200, body: TURNSTILE }, [VERIFY]: passed, '/blaize/register': session });
    await fillAndRegister();
    await vi.waitFor(() => expect(paths(sent)).toEqual([VERIFY, '/blaize/register']), SLOW);
    expect(renderWidget.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-key', action: 'nyp_membership', appearance: 'interaction-only' });
    expect(sent.find((s) => s.path === VERIFY)?.body).toEqual({ token: 'token-1' });
  });

  it('a token the server refuses: the message and a Try again that works', async () => {
    fakeTurnstile();
    const sent = serve({ [CHALLENGE]: { status: 200, body: TURNSTILE }, [VERIFY]: [refused, passed], '/blaize/register': session });
    await fillAndRegister();
    await inAlert(FAILED);
    expect(paths(sent)).toEqual([VERIFY]); // nothing registered
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(paths(sent)).toEqual([VERIFY, VERIFY, '/blaize/register']), SLOW);
    // Gone once the registration's answer is shown (not yet when its request leaves).
    await vi.waitFor(() => expect(screen.queryByText(FAILED)).not.toBeInTheDocument(), SLOW);
  });

  it('a challenge that fails in the browser says so; Try again runs a new one', async () => {
    let failing = true;
    const renderWidget = fakeTurnstile(() => failing);
    const sent = serve({ [CHALLENGE]: { status: 200, body: TURNSTILE }, [VERIFY]: passed, '/blaize/register': session });
    await fillAndRegister();
    await inAlert(FAILED);
    expect(paths(sent)).toEqual([]);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(paths(sent)).toEqual([VERIFY, '/blaize/register']), SLOW);
    expect(renderWidget).toHaveBeenCalledTimes(2);
  });

  it('a provider script that cannot load says so (and is tried again)', async () => {
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      setTimeout(() => (node as HTMLScriptElement).onerror?.(new Event('error')), 0);
      return node;
    });
    const sent = serve({ [CHALLENGE]: { status: 200, body: TURNSTILE }, [VERIFY]: passed });
    await fillAndRegister();
    await inAlert(FAILED);
    expect((append.mock.calls[0]?.[0] as HTMLScriptElement).src).toContain('/provider.js');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(append).toHaveBeenCalledTimes(2), SLOW);
    expect(paths(sent)).toEqual([]);
  });

  it('reCAPTCHA v3: grecaptcha.execute with the site key and the action', async () => {
    const execute = vi.fn(async () => 'recaptcha-token');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    const sent = serve({
      [CHALLENGE]: { status: 200, body: { ...TURNSTILE, provider: 'recaptcha' } },
      [VERIFY]: passed,
      '/blaize/register': session,
    });
    await fillAndRegister();
    await vi.waitFor(() => expect(paths(sent)).toEqual([VERIFY, '/blaize/register']), SLOW);
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'nyp_membership' });
    expect(sent.find((s) => s.path === VERIFY)?.body).toEqual({ token: 'recaptcha-token' });
  });

  it('the server refusing register for want of a check is shown with Try again too', async () => {
    const required = { status: 403, body: { type: 'human-verification-required', message: "Please confirm you're not a robot, then try again." } };
    serve({ [CHALLENGE]: { status: 500, body: {} }, '/blaize/register': required });
    await fillAndRegister();
    await inAlert("Please confirm you're not a robot, then try again.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('with the challenge off', () => {
  it('registers straight away and loads nothing', async () => {
    const append = vi.spyOn(document.head, 'appendChild');
    const sent = serve({ [CHALLENGE]: { status: 200, body: OFF }, '/blaize/register': session });
    await fillAndRegister();
    await vi.waitFor(() => expect(paths(sent)).toEqual(['/blaize/register']), SLOW);
    expect(append.mock.calls.some(([node]) => node instanceof HTMLScriptElement)).toBe(false);
  });
});

describe('the payflow', () => {
  it('checks before preparing the customer; a failed check offers Try again', async () => {
    window.history.replaceState({}, '', '/account/subscribe');
    fakeTurnstile();
    const prepared = { status: 200, body: { customer_id: 'reader-1', client_token: 'token' } };
    const sent = serve({ [CHALLENGE]: { status: 200, body: TURNSTILE }, [VERIFY]: [refused, passed], [PREPARE]: prepared }, true);
    render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1'] }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get 1 Year' }));
    expect(await screen.findByText(FAILED, {}, SLOW)).toBeInTheDocument();
    expect(paths(sent)).toEqual([VERIFY]); // no customer made
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Pay by card' }, SLOW)).toBeInTheDocument();
    expect(paths(sent)).toEqual([VERIFY, VERIFY, PREPARE]);
  });
});
