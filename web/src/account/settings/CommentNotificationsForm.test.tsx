// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { serveProfileWrites } from '../../test/accountApi';
import { App } from '../App';

/** A signed-in reader who chose reply notifications only; records every profile write. */
const serve = () =>
  serveProfileWrites({
    'full-name': 'Ada Lovelace',
    'notification-reply': true,
    'notification-mentioned': false,
    'notification-liked': false,
    'notification-follower': false,
  });

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
