// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { forgetSiteNonce } from '../../api/siteNonce';
import { App } from '../App';

interface Reader {
  isMember: boolean;
  membershipEnabled?: boolean;
  events?: unknown[];
  /** Profile saves the server refuses (500 each) before it takes one. */
  profileFailures?: number;
}

interface Served {
  profileWrites: Record<string, unknown>[];
  newsletterForms: Record<string, string>[];
  appTexts: unknown[];
}

const MORNING_REPORT = { id: 1, st_id: 'st-1', name: 'Morning Report', description: 'The day ahead.', group: 'main', exclusive: false };

const EVENT = {
  id: 1,
  title: 'Meet the sports desk',
  startsAt: '2030-01-15T23:30:00Z',
  place: 'The newsroom',
  link: 'https://example.com/events/sports-desk',
  description: 'Questions welcome.',
};

function serve({ isMember, membershipEnabled = true, events = [EVENT], profileFailures = 0 }: Reader): Served {
  const served: Served = { profileWrites: [], newsletterForms: [], appTexts: [] };
  let failures = profileFailures;
  let subscriptions: number[] = [];
  let profile: Record<string, unknown> = { 'full-name': 'Ada Lovelace', onboarded: false };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      if (path === '/blaize/datalayer') return json({ dataLayer: { loggedIn: true, trackingId: 't1', fullName: 'Ada Lovelace' } });
      if (path === '/blaize/account') return json({ identifiers: { email_address: 'ada@example.com' } });
      if (path === '/blaize/profile') {
        if (init?.method === 'POST') {
          if (failures > 0) {
            failures -= 1;
            return json({ type: 'internal', message: 'Down.' }, 500);
          }
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          served.profileWrites.push(body);
          profile = { ...profile, ...body };
        }
        return json(profile);
      }
      if (path === '/wp-json/nyp-membership/v1/app-text') {
        served.appTexts.push(JSON.parse(String(init?.body)));
        return json({ sent_to: '+1 •••-•••-••00' });
      }
      if (path === '/wp-json/nyp-membership/v1/newsletters') {
        const form = Object.fromEntries(new URLSearchParams(String(init?.body)));
        served.newsletterForms.push(form);
        if (form.action === 'update' && form.subscribe) subscriptions = form.subscribe.split(',').map(Number);
        return json({
          lists: { main: [MORNING_REPORT], gossip: [], lifestyle: [] },
          userinfo: { list_subscriptions: subscriptions, paused: false },
          membership: { status: 'None', homeDelivery: false, exclusiveAccess: false },
        });
      }
      if (path === '/wp-json/nyp-membership/v1/nonce') return json({ nonce: 'n1' });
      if (path === '/wp-json/nyp-membership/v1/membership') {
        return json({
          status: isMember ? 'Active' : 'None',
          isMember,
          activeSubscription: null,
          paymentMessage: null,
          membershipEnabled,
          pauseEnabled: true,
          pausedLength: null,
          homeDelivery: false,
        });
      }
      if (path === '/wp-json/nyp-membership/v1/member-events') {
        return isMember ? json({ events }) : json({ type: 'not-entitled', message: 'Members only.' }, 403);
      }
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return served;
}

beforeEach(() => {
  forgetSiteNonce();
  localStorage.clear();
  (window as Window & { dataLayer?: unknown[] }).dataLayer = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function open(path: string) {
  window.history.replaceState({}, '', path);
  return render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['localhost'] }} />);
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

it('walks a non-subscriber through their steps with Continue, Skip and Back, and marks the profile onboarded', async () => {
  const served = serve({ isMember: false });
  open('/account/onboarding');
  await heading(/Welcome to/);
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Make your profile yours',
    'Choose your newsletters',
    'Get the app',
    'Sports+ membership',
  ]);
  await userEvent.click(screen.getByRole('link', { name: 'Get started' }));

  await heading('Make your profile yours');
  expect(screen.getByText('Step 1 of 4')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Choose your newsletters');
  expect(window.location.pathname).toBe('/account/onboarding/newsletters');
  await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
  await heading('Get the app');
  await userEvent.click(screen.getByRole('link', { name: 'Back' }));
  await heading('Choose your newsletters');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Get the app');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Sports+ membership');
  expect(screen.getByText('Step 4 of 4')).toBeVisible();
  expect(screen.getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/account/subscribe');
  expect(served.profileWrites).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

  await heading('You’re all set');
  await vi.waitFor(() => expect(served.profileWrites).toEqual([{ onboarded: true, 'updated-values': ['onboarded'] }]));
});

it('gives a subscriber their own steps, with the upcoming member events', async () => {
  serve({ isMember: true });
  open('/account/onboarding/rewards');
  await heading('Refer a friend, earn rewards');
  expect(screen.getByText('Step 4 of 5')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Refer a friend' })).toHaveAttribute('href', '/account/settings/refer-a-friend');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Member events');
  expect(screen.getByRole('heading', { level: 3, name: 'Meet the sports desk' })).toBeVisible();
  expect(screen.getByRole('link', { name: /Details and tickets/ })).toHaveAttribute('href', EVENT.link);
});

it('leaves out the events step when no event is coming up, and sends its address to the start', async () => {
  serve({ isMember: true, events: [] });
  open('/account/onboarding/events');
  await heading(/Welcome to/);
  expect(screen.getAllByRole('listitem')).toHaveLength(4);
});

it('leaves out the membership steps when membership is not enabled', async () => {
  serve({ isMember: false, membershipEnabled: false });
  open('/account/onboarding/sports-plus');
  await heading(/Welcome to/);
  expect(screen.getAllByRole('listitem')).toHaveLength(2);
});

it('welcomes a returning reader back where they left off', async () => {
  serve({ isMember: false });
  localStorage.setItem('masthead-onboarding:t1', JSON.stringify(['customize']));
  open('/account/onboarding');
  await heading('Welcome back');
  await userEvent.click(screen.getByRole('link', { name: 'Pick up where you left off' }));
  await heading('Choose your newsletters');
  expect(screen.getByText('Step 2 of 4')).toBeVisible();
});

it('starts over from a return when the reader asks', async () => {
  serve({ isMember: false });
  localStorage.setItem('masthead-onboarding:t1', JSON.stringify(['customize', 'newsletters']));
  open('/account/onboarding');
  await userEvent.click(await screen.findByRole('button', { name: 'Start over' }));
  await heading('Make your profile yours');
  expect(JSON.parse(localStorage.getItem('masthead-onboarding:t1') ?? 'null')).toEqual([]);
});

it('skips all the steps to the end, which marks the profile onboarded', async () => {
  const served = serve({ isMember: false });
  open('/account/onboarding');
  await userEvent.click(await screen.findByRole('link', { name: 'Skip setup' }));
  await heading('You’re all set');
  await vi.waitFor(() => expect(served.profileWrites).toHaveLength(1));
});

it('opens on the subscriber thank-you right after subscribing', async () => {
  serve({ isMember: true });
  window.history.replaceState({ usr: { justSubscribed: true }, key: 'k', idx: 0 }, '', '/account/onboarding');
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['localhost'] }} />);
  await heading('Thank you for becoming a member');
  await userEvent.click(screen.getByRole('link', { name: 'Set up my membership' }));
  await heading('Make your profile yours');
  expect(screen.getByText('Step 1 of 5')).toBeVisible();
});

it('keeps what the reader chose on a step when they press Continue without saving it', async () => {
  const served = serve({ isMember: false });
  open('/account/onboarding/customize');
  await userEvent.type(await screen.findByLabelText('Display name'), 'Ada L');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Choose your newsletters');
  expect(served.profileWrites).toHaveLength(1);
  expect(served.profileWrites[0]).toMatchObject({ 'display-name': 'Ada L' });

  await userEvent.click(await screen.findByRole('checkbox', { name: /Morning Report/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Get the app');
  expect(served.newsletterForms.filter((form) => form.action === 'update')).toEqual([
    expect.objectContaining({ action: 'update', subscribe: '1' }),
  ]);

  // Nothing changed on a step: Continue saves nothing.
  await userEvent.click(screen.getByRole('link', { name: 'Back' }));
  await heading('Choose your newsletters');
  await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  await heading('Get the app');
  expect(served.newsletterForms.filter((form) => form.action === 'update')).toHaveLength(1);
});

it('stays on the step and says why when what Continue saves is refused', async () => {
  const served = serve({ isMember: false, profileFailures: 1 });
  open('/account/onboarding/customize');
  await userEvent.type(await screen.findByLabelText('Display name'), 'Ada L');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert', {}, { timeout: 5000 })).not.toBeEmptyDOMElement();
  expect(screen.getByRole('heading', { level: 1, name: 'Make your profile yours' })).toBeVisible();
  expect(served.profileWrites).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: 'Continue' })); // the server is back
  await heading('Choose your newsletters');
  expect(served.profileWrites[0]).toMatchObject({ 'display-name': 'Ada L' });
});

it('says the app link was texted and stays until Continue; Continue sends a number typed and not sent', async () => {
  const served = serve({ isMember: false });
  open('/account/onboarding/app-text');
  await userEvent.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '+1 212 555 0100');
  await userEvent.click(screen.getByRole('button', { name: 'Text me a link to the app' }));
  expect((await screen.findByText(/We’ve texted the link to/)).textContent).toBe('We’ve texted the link to +1 •••-•••-••00.');
  expect(screen.getByRole('heading', { level: 1, name: 'Get the app' })).toBeVisible(); // read, not skipped past
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Sports+ membership');
  expect(served.appTexts).toHaveLength(1); // nothing left to send

  await userEvent.click(screen.getByRole('link', { name: 'Back' }));
  await userEvent.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '+1 212 555 0199');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Sports+ membership');
  expect(served.appTexts).toEqual([{ phone_number: '+1 212 555 0100' }, { phone_number: '+1 212 555 0199' }]);
});
