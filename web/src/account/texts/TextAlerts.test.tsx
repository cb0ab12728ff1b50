// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { forgetSiteNonce } from '../../api/siteNonce';
import { App } from '../App';
import { AppTextPanel } from './AppTextPanel';
import { INTERNATIONAL_FORMAT, type TextAlerts } from './textsApi';
import { TURNED_OFF, TURNED_ON } from './TextAlertsPanel';

const CONSENT = 'By turning on text alerts, you agree to receive recurring automated texts.';
const NOT_MEMBER = 'Text alerts are for members and home delivery subscribers. Join the membership to get breaking news and member updates by text.';

function alerts(change: Partial<TextAlerts> = {}): TextAlerts {
  return {
    eligible: true,
    gate_message: null,
    opted_in: false,
    phone_number: null,
    phone_display: null,
    consented_at: null,
    consent_text: CONSENT,
    ...change,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(start: TextAlerts, answer?: (call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  let state = start;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      const method = init?.method ?? 'GET';
      if (path === '/blaize/datalayer') return json({ dataLayer: { loggedIn: true, trackingId: 't', fullName: 'Ada Lovelace' } });
      if (path === '/blaize/account') return json({ identifiers: { email_address: 'ada@example.com' } });
      if (path === '/blaize/profile') return json({ 'full-name': 'Ada Lovelace' });
      if (path === '/wp-json/nyp-membership/v1/nonce') return json({ nonce: 'n1' });
      const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : null };
      if (path.startsWith('/wp-json/nyp-membership/v1/')) calls.push(call);
      const special = answer?.(call);
      if (special) return special;
      if (path === '/wp-json/nyp-membership/v1/text-alerts') {
        if (method === 'POST') {
          state = { ...state, opted_in: true, phone_number: '+12125550100', phone_display: '+1 212-555-0100', consented_at: '2026-11-28T01:00:00Z' };
        } else if (method === 'DELETE') {
          state = { ...state, opted_in: false, consented_at: null };
        }
        return json(state);
      }
      if (path === '/wp-json/nyp-membership/v1/app-text') return json({ sent_to: '+1 •••-•••-••00' });
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return calls;
}

beforeEach(() => {
  forgetSiteNonce();
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

it('turns text alerts on beside the consent wording, then off', async () => {
  const calls = serve(alerts({ phone_number: '+12125550100', phone_display: '+1 212-555-0100' }));
  open('/account/settings/texts');
  const number = await screen.findByRole('textbox', { name: 'Mobile number' });
  expect(number).toHaveValue('+1 212-555-0100'); // prefilled from the profile
  const turnOn = screen.getByRole('button', { name: 'Turn on text alerts' });
  expect(turnOn).toHaveAccessibleDescription(CONSENT);

  await userEvent.click(turnOn);
  expect(await screen.findByText(TURNED_ON)).toBeVisible();
  expect(calls.at(-1)).toEqual({
    method: 'POST',
    path: '/wp-json/nyp-membership/v1/text-alerts',
    body: { phone_number: '+1 212-555-0100', consent: true, source: 'settings' },
  });
  expect(screen.getByText('+1 212-555-0100')).toBeVisible();
  expect(screen.getByText(/as you agreed on November 28, 2026/)).toBeVisible();

  await userEvent.click(screen.getByRole('button', { name: 'Turn off text alerts' }));
  expect(await screen.findByText(TURNED_OFF)).toBeVisible();
  expect(calls.at(-1)?.method).toBe('DELETE');
  expect(screen.getByRole('button', { name: 'Turn on text alerts' })).toBeVisible();
});

it('shows a reader without a membership why, and how to join', async () => {
  serve(alerts({ eligible: false, gate_message: NOT_MEMBER }));
  open('/account/settings/texts');
  expect(await screen.findByText(NOT_MEMBER)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Join the membership' })).toHaveAttribute('href', '/account/subscribe');
  expect(screen.queryByRole('textbox', { name: 'Mobile number' })).toBeNull();
});

it('lets a lapsed member who is still opted in turn alerts off', async () => {
  serve(alerts({ eligible: false, gate_message: NOT_MEMBER, opted_in: true, phone_number: '+12125550100', phone_display: '+1 212-555-0100' }));
  open('/account/settings/texts');
  await userEvent.click(await screen.findByRole('button', { name: 'Turn off text alerts' }));
  expect(await screen.findByText(TURNED_OFF)).toBeVisible();
  expect(screen.getByText(NOT_MEMBER)).toBeVisible();
});

it('says what to enter for a number without its country, before and after the server', async () => {
  const refusal = 'That number looks like a landline or a service number, which cannot receive texts. Enter a mobile number, like +1 212 555 0100.';
  const calls = serve(alerts(), (call) =>
    call.method === 'POST' ? json({ type: 'invalid-phone-number', message: refusal }, 400) : undefined,
  );
  open('/account/settings/texts');
  const number = await screen.findByRole('textbox', { name: 'Mobile number' });
  await userEvent.type(number, '212 555 0100');
  await userEvent.click(screen.getByRole('button', { name: 'Turn on text alerts' }));
  expect(await screen.findByText(INTERNATIONAL_FORMAT)).toBeVisible();
  expect(number).toHaveAttribute('aria-invalid', 'true');
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  await userEvent.clear(number);
  await userEvent.type(number, '+44 20 7946 0000');
  await userEvent.click(screen.getByRole('button', { name: 'Turn on text alerts' }));
  expect(await screen.findByText(refusal)).toBeVisible();
});

it('texts a link to the app once and says where', async () => {
  const calls = serve(alerts());
  render(<AppTextPanel />);
  await userEvent.type(screen.getByRole('textbox', { name: 'Mobile number' }), '+1 212 555 0100');
  await userEvent.click(screen.getByRole('button', { name: 'Text me a link to the app' }));
  expect((await screen.findByText(/We’ve texted the link to/)).textContent).toBe('We’ve texted the link to +1 •••-•••-••00.');
  expect(calls).toEqual([{ method: 'POST', path: '/wp-json/nyp-membership/v1/app-text', body: { phone_number: '+1 212 555 0100' } }]);
  expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(''); // not sent twice by accident
});

it('shows the app-text limit as the server says it', async () => {
  const wait = 'Too many attempts. Please wait 1440 minutes and try again.';
  serve(alerts(), (call) => (call.path.endsWith('/app-text') ? json({ type: 'too-many-requests', message: wait }, 429) : undefined));
  render(<AppTextPanel />);
  await userEvent.type(screen.getByRole('textbox', { name: 'Mobile number' }), '+1 212 555 0100');
  await userEvent.click(screen.getByRole('button', { name: 'Text me a link to the app' }));
  expect(await screen.findByText(wait)).toBeVisible();
});
