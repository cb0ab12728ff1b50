// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { forgetSiteNonce } from '../../api/siteNonce';
import { App } from '../App';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const THANKS = 'Thank you for your feedback. It has reached our team.';

function serve(answer: () => Response = () => json({ message: THANKS })): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      if (path === '/blaize/datalayer') return json({ dataLayer: { loggedIn: true, trackingId: 't', fullName: 'Ada Lovelace' } });
      if (path === '/blaize/account') return json({ identifiers: { email_address: 'ada@example.com' }, tracking_id: 't' });
      if (path === '/blaize/profile') return json({ 'full-name': 'Ada Lovelace' });
      if (path === '/wp-json/nyp-membership/v1/nonce') return json({ nonce: 'n1' });
      if (path === '/wp-json/nyp-membership/v1/feedback') {
        sent.push(JSON.parse(String(init?.body)));
        return answer();
      }
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return sent;
}

beforeEach(() => {
  forgetSiteNonce();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function open() {
  window.history.replaceState({}, '', '/account/settings/feedback');
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['localhost'] }} />);
}

it('sends the topic, the message and the consent, then thanks and empties the form', async () => {
  const sent = serve();
  const user = userEvent.setup();
  open();
  await user.selectOptions(await screen.findByLabelText('Topic'), 'Newsletters');
  await user.type(screen.getByLabelText(/Your message/), 'More sport, please!');
  await user.click(screen.getByLabelText('You may reply to me by email'));
  await user.click(screen.getByRole('button', { name: 'Send feedback' }));
  expect(await screen.findByText(THANKS)).toBeTruthy();
  expect(sent).toEqual([{ topic: 'newsletters', message: 'More sport, please!', may_reply: true }]);
  await waitFor(() => expect((screen.getByLabelText(/Your message/) as HTMLTextAreaElement).value).toBe(''));
  expect((screen.getByLabelText('You may reply to me by email') as HTMLInputElement).checked).toBe(false);
  expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('membership');
});

it('a blank message is not sent', async () => {
  const sent = serve();
  const user = userEvent.setup();
  open();
  await user.type(await screen.findByLabelText(/Your message/), '   ');
  await user.click(screen.getByRole('button', { name: 'Send feedback' }));
  expect(await screen.findByText('Please write your message.')).toBeTruthy();
  expect(sent).toEqual([]);
});

it("shows the server's sentence when it refuses", async () => {
  const wait = 'Too many attempts. Please wait 10 minutes and try again.';
  serve(() => json({ type: 'too-many-requests', message: wait }, 429));
  const user = userEvent.setup();
  open();
  await user.type(await screen.findByLabelText(/Your message/), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Send feedback' }));
  expect(await screen.findByText(wait)).toBeTruthy();
  expect((screen.getByLabelText(/Your message/) as HTMLTextAreaElement).value).toBe('Hello');
});
