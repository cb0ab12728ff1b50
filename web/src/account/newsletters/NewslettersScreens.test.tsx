// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { forgetSiteNonce } from '../../api/siteNonce';
import { App } from '../App';
import type { Newsletters } from './newslettersApi';

const list = (id: number, group: string, name: string, exclusive = false) => ({
  id,
  st_id: `st-${id}`,
  name,
  description: `About ${name}.`,
  group,
  exclusive,
});

function newsletters(subscribed: number[], exclusiveAccess: boolean): Newsletters {
  return {
    lists: {
      main: [list(1, 'main', 'Morning Report'), list(2, 'main', 'Sports Daily')],
      gossip: [list(3, 'gossip', 'Celebrity Buzz')],
      lifestyle: [],
      'member-exclusive': [list(7, 'member-exclusive', "Members' Insider", true)],
      'team-exclusive': [list(8, 'team-exclusive', 'Yankees Clubhouse', true)],
      'columnist-exclusive': [],
    },
    userinfo: { list_subscriptions: subscribed, paused: false },
    membership: { status: exclusiveAccess ? 'Active' : 'None', homeDelivery: false, exclusiveAccess },
  };
}

interface Served {
  forms: Record<string, string>[];
  /** How many newsletters calls fail before they answer (500 each). */
  failures: number;
}

function serve(start: Newsletters): Served {
  const served: Served = { forms: [], failures: 0 };
  let state = start;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      if (path === '/blaize/datalayer') return json({ dataLayer: { loggedIn: true, trackingId: 't', fullName: 'Ada Lovelace' } });
      if (path === '/blaize/account') return json({ identifiers: { email_address: 'ada@example.com' } });
      if (path === '/blaize/profile') return json({ 'full-name': 'Ada Lovelace' });
      if (path === '/wp-json/nyp-membership/v1/nonce') return json({ nonce: 'n1' });
      if (path === '/wp-json/nyp-membership/v1/newsletters') {
        const form = Object.fromEntries(new URLSearchParams(String(init?.body)));
        served.forms.push(form);
        if (served.failures > 0) {
          served.failures -= 1;
          return json({ type: 'internal', message: 'Down.' }, 500);
        }
        if (form.action === 'update') {
          const ids = (raw?: string) => (raw ? raw.split(',').map(Number) : []);
          const now = new Set(state.userinfo.list_subscriptions);
          ids(form.subscribe).forEach((id) => now.add(id));
          ids(form.unsubscribe).forEach((id) => now.delete(id));
          state = { ...state, userinfo: { ...state.userinfo, list_subscriptions: [...now].sort() } };
        }
        return json(state);
      }
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return served;
}

beforeEach(() => {
  forgetSiteNonce();
  (window as Window & { dataLayer?: unknown[] }).dataLayer = [];
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

it('subscribes and unsubscribes with the site API form, and pushes newsletterSubscribed', async () => {
  const served = serve(newsletters([2], false));
  open('/account/settings/newsletters');
  const morning = await screen.findByRole('checkbox', { name: 'Morning Report' });
  expect(screen.getByRole('group', { name: 'The Masthead' })).toBeVisible();
  expect(screen.getByRole('checkbox', { name: 'Sports Daily' })).toBeChecked();
  expect(screen.queryByRole('checkbox', { name: "Members' Insider" })).toBeNull();

  await userEvent.click(morning);
  await userEvent.click(screen.getByRole('checkbox', { name: 'Sports Daily' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save newsletters' }));

  expect(await screen.findByText('Your newsletters are saved.')).toBeVisible();
  expect(served.forms.at(-1)).toEqual({
    _ajax_nonce: 'n1',
    action: 'update',
    email: 'ada@example.com',
    subscribe: '1',
    unsubscribe: '2',
  });
  expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([{ event: 'newsletterSubscribed', newsletters: ['st-1'] }]);
  expect(screen.getByRole('checkbox', { name: 'Morning Report' })).toBeChecked();
});

it('does not push newsletterSubscribed when a reader only leaves lists', async () => {
  serve(newsletters([1], false));
  open('/account/settings/newsletters');
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Morning Report' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save newsletters' }));
  expect(await screen.findByText('Your newsletters are saved.')).toBeVisible();
  expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([]);
});

it('says plainly when the lists cannot be loaded, and tries again', async () => {
  const served = serve(newsletters([], false));
  served.failures = 1;
  open('/account/settings/newsletters');
  expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your newsletters. Please try again.");
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('checkbox', { name: 'Morning Report' })).toBeVisible();
});

it('says the spec’s sentence when a save fails, and keeps the choice to save again', async () => {
  const served = serve(newsletters([], false));
  open('/account/settings/newsletters');
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Celebrity Buzz' }));
  served.failures = 1;
  await userEvent.click(screen.getByRole('button', { name: 'Save newsletters' }));
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((a) => a.textContent).join('')).toContain('There was an error updating subscriptions');
  expect(screen.getByRole('checkbox', { name: 'Celebrity Buzz' })).toBeChecked();
  await userEvent.click(screen.getByRole('button', { name: 'Save newsletters' }));
  expect(await screen.findByText('Your newsletters are saved.')).toBeVisible();
});

it('shows a member the exclusive groups', async () => {
  serve(newsletters([], true));
  open('/account/settings/exclusive-newsletters');
  const group = await screen.findByRole('group', { name: 'For members' });
  expect(within(group).getByRole('checkbox', { name: "Members' Insider" })).not.toBeChecked();
  expect(screen.getByRole('group', { name: 'Your teams' })).toBeVisible();
  expect(screen.queryByRole('checkbox', { name: 'Morning Report' })).toBeNull();
});

it('tells a non-member why, with the way to join', async () => {
  serve(newsletters([], false));
  open('/account/settings/exclusive-newsletters');
  expect(await screen.findByText(/Exclusive newsletters are for members and home delivery subscribers\./)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Join the membership' })).toHaveAttribute('href', '/account/subscribe');
  expect(screen.queryByRole('checkbox')).toBeNull();
});
