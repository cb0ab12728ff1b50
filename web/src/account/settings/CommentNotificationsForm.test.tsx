// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { App } from '../App';

/** A signed-in reader who chose reply notifications only; records every profile write. */
function serve() {
  const writes: Record<string, unknown>[] = [];
  let profile: Record<string, unknown> = {
    'full-name': 'Ada Lovelace',
    'notification-reply': true,
    'notification-mentioned': false,
    'notification-liked': false,
    'notification-follower': false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.startsWith('/blaize/datalayer'))
        return json({ dataLayer: { loggedIn: true, fullName: 'Ada Lovelace', trackingId: 't', products: [], hadTrial: false, paused: false } });
      if (url.startsWith('/blaize/account')) return json({ identifiers: { email_address: 'ada@example.com' }, tracking_id: 't' });
      if (url.startsWith('/blaize/profile') && init?.method === 'POST') {
        const { 'updated-values': _named, ...changes } = JSON.parse(String(init.body)) as Record<string, unknown>;
        writes.push(changes);
        profile = { ...profile, ...changes };
        return json(profile);
      }
      if (url.startsWith('/blaize/profile')) return json(profile);
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return writes;
}

afterEach(() => vi.unstubAllGlobals());

it('shows the reader’s comment notification choices and saves only what changed', async () => {
  const writes = serve();
  window.history.replaceState({}, '', '/account/settings/display');
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1', 'localhost'] }} />);

  const section = await screen.findByRole('region', { name: 'Comment notifications' });
  expect(within(section).getByLabelText('Replies to my comments')).toBeChecked();
  expect(within(section).getByLabelText('Mentions of me (@my name)')).not.toBeChecked();

  await userEvent.click(within(section).getByLabelText('Mentions of me (@my name)'));
  await userEvent.click(within(section).getByLabelText('Replies to my comments'));
  await userEvent.click(within(section).getByRole('button', { name: 'Save notification choices' }));

  expect(await within(section).findByText('Your notification choices have been saved.')).toBeVisible();
  expect(writes).toEqual([{ 'notification-reply': false, 'notification-mentioned': true }]);
});
