// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { forgetSiteNonce } from '../../api/siteNonce';
import { App } from '../App';
import type { Preferences } from './newslettersApi';

const list = (id: number, group: string, name: string, exclusive = false) => ({
  id,
  st_id: `st-${id}`,
  name,
  description: `About ${name}.`,
  group,
  exclusive,
});

function preferences(subscribed: number[], exclusiveAccess = false): Preferences {
  return {
    lists: {
      main: [list(1, 'main', 'Morning Report'), list(2, 'main', 'Sports Daily')],
      gossip: [list(3, 'gossip', 'Celebrity Buzz')],
      lifestyle: [],
      'member-exclusive': [list(7, 'member-exclusive', "Members' Insider", true)],
      'team-exclusive': [],
      'columnist-exclusive': [],
    },
    userinfo: { list_subscriptions: subscribed, paused: false },
    membership: { status: exclusiveAccess ? 'Active' : 'None', homeDelivery: false, exclusiveAccess },
    email: 'a•••@example.com',
  };
}

interface Served {
  reads: string[];
  changes: unknown[];
  /** An error answer for the next calls, as the server sends it. */
  refusal: { status: number; type: string; message: string } | null;
}

function serve(start: Preferences, loggedIn = false): Served {
  const served: Served = { reads: [], changes: [], refusal: null };
  let state = start;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path, query] = url.split('?') as [string, string | undefined];
      if (path === '/blaize/datalayer') return json({ dataLayer: loggedIn ? { loggedIn: true, trackingId: 't' } : { loggedIn: false } });
      if (path === '/blaize/account') return json({ identifiers: { email_address: 'ada@example.com' } });
      if (path === '/wp-json/nyp-membership/v1/nonce') return json({ nonce: 'n1' });
      if (path === '/wp-json/nyp-membership/v1/newsletters') return json(start);
      if (path === '/newsletters/preferences') {
        if (init?.method === 'POST') served.changes.push(JSON.parse(String(init.body)));
        else served.reads.push(new URLSearchParams(query).get('token') ?? '');
        if (served.refusal) return json({ type: served.refusal.type, message: served.refusal.message }, served.refusal.status);
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { subscribe: number[]; unsubscribe: number[] };
          const now = new Set(state.userinfo.list_subscriptions);
          body.subscribe.forEach((id) => now.add(id));
          body.unsubscribe.forEach((id) => now.delete(id));
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

it('shows the link’s lists with the masked address, and saves with the token', async () => {
  const served = serve(preferences([2]));
  open('/account/settings/newsletters-update#token=p1.5.9.abc');
  expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter preferences' })).toBeVisible();
  expect(await screen.findByText('a•••@example.com')).toBeVisible();
  expect(served.reads).toEqual(['p1.5.9.abc']);
  expect(screen.getByRole('checkbox', { name: 'Sports Daily' })).toBeChecked();
  expect(screen.queryByRole('checkbox', { name: "Members' Insider" })).toBeNull();
  expect(screen.getByRole('link', { name: 'Sign in to manage your account' })).toHaveAttribute('href', '/account/login');

  await userEvent.click(screen.getByRole('checkbox', { name: 'Morning Report' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Sports Daily' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save newsletters' }));

  expect(await screen.findByText('Your newsletters are saved.')).toBeVisible();
  expect(served.changes).toEqual([{ token: 'p1.5.9.abc', subscribe: [1], unsubscribe: [2] }]);
  expect(screen.getByRole('checkbox', { name: 'Morning Report' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Sports Daily' })).not.toBeChecked();
});

it('takes the link of an older mail, with the token in the query, and moves it out of the address', async () => {
  const served = serve(preferences([2]));
  open('/account/settings/newsletters-update?token=p1.5.9.abc');
  expect(await screen.findByText('a•••@example.com')).toBeVisible();
  expect(served.reads).toEqual(['p1.5.9.abc']);
  // Now in the fragment, which no browser sends to a server (nor in a Referer).
  expect(window.location.search).toBe('');
  expect(window.location.hash).toBe('#token=p1.5.9.abc');
});

it('offers the exclusive lists to a member', async () => {
  serve(preferences([], true));
  open('/account/settings/newsletters-update#token=p1.5.9.abc');
  expect(await screen.findByRole('checkbox', { name: "Members' Insider" })).toBeVisible();
  expect(screen.getByRole('group', { name: 'For members' })).toBeVisible();
});

it('says when the link is not valid or has expired, and links to the settings', async () => {
  const served = serve(preferences([]));
  served.refusal = {
    status: 400,
    type: 'link-expired',
    message: 'This newsletter settings link has expired. Sign in to manage your newsletters.',
  };
  open('/account/settings/newsletters-update#token=p1.5.9.old');
  expect(await screen.findByRole('alert')).toHaveTextContent('This newsletter settings link has expired. Sign in to manage your newsletters.');
  expect(screen.getByRole('link', { name: 'Go to your newsletter settings' })).toHaveAttribute('href', '/account/settings/newsletters');
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(served.reads).toHaveLength(1); // a refusal is not tried again
});

it('says where the page comes from when it has no token', async () => {
  serve(preferences([]));
  open('/account/settings/newsletters-update');
  expect(await screen.findByRole('alert')).toHaveTextContent('This page opens from the “Manage your newsletters” link in one of our newsletters.');
  expect(screen.getByRole('link', { name: 'Go to your newsletter settings' })).toBeVisible();
});

it('sends a signed-in reader without a token to their newsletter settings', async () => {
  serve(preferences([]), true);
  open('/account/settings/newsletters-update');
  expect(await screen.findByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
  expect(window.location.pathname).toBe('/account/settings/newsletters');
});

it('keeps the choice and says so when a save fails', async () => {
  const served = serve(preferences([]));
  open('/account/settings/newsletters-update#token=p1.5.9.abc');
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Celebrity Buzz' }));
  served.refusal = { status: 429, type: 'too-many-requests', message: 'Too many.' };
  await userEvent.click(screen.getByRole('button', { name: 'Save newsletters' }));
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((a) => a.textContent).join('')).toContain('There was an error updating subscriptions');
  expect(screen.getByRole('checkbox', { name: 'Celebrity Buzz' })).toBeChecked();
  served.refusal = null;
  await userEvent.click(screen.getByRole('button', { name: 'Save newsletters' }));
  expect(await screen.findByText('Your newsletters are saved.')).toBeVisible();
});

it('offers to try again when the server cannot answer', async () => {
  const served = serve(preferences([1]));
  served.refusal = { status: 503, type: 'database-unavailable', message: 'Later.' };
  open('/account/settings/newsletters-update#token=p1.5.9.abc');
  expect(await screen.findByRole('alert', {}, { timeout: 15000 })).toHaveTextContent("We couldn't load your newsletters. Please try again.");
  served.refusal = null;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('checkbox', { name: 'Morning Report' })).toBeChecked();
}, 20000);
