// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { App } from '../App';
import { POPUP_BLOCKED } from '../social/useProviderConfirmation';
import { filenameOf } from './readerDataCalls';

interface Served {
  deletes: unknown[];
  loggedIn: boolean;
  loggedOut: boolean;
}

interface Answers {
  data?: () => Response;
  remove?: () => Response;
  /** How the account confirms its deletion (GET /blaize/users/delete/): a password by default. */
  options?: { password: boolean; providers: string[] };
}

/** Ada, signed in; the data download and the deletion answer as `answers` say. */
function serve(answers: Answers = {}): Served {
  const served: Served = { deletes: [], loggedIn: true, loggedOut: false };
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      if (path === '/blaize/datalayer')
        return json(
          served.loggedIn
            ? {
                dataLayer: {
                  loggedIn: true,
                  fullName: 'Ada Lovelace',
                  trackingId: 't',
                  products: [],
                  hadTrial: false,
                  paused: false,
                },
              }
            : { type: 'unauthorized', message: 'Log in first.' },
          served.loggedIn ? 200 : 401,
        );
      if (path === '/blaize/account') return json({ identifiers: { email_address: 'ada@example.com' }, tracking_id: 't' });
      if (path === '/blaize/profile') return json({ 'full-name': 'Ada Lovelace' });
      if (path === '/blaize/logout') {
        served.loggedOut = true;
        return json({ message: 'Session deleted' });
      }
      if (path === '/comments/v1/logout') return new Response(null, { status: 204 });
      if (path === '/blaize/users/data')
        return (
          answers.data?.() ??
          json({ account: { email: 'ada@example.com' } }, 200, {
            'Content-Disposition': 'attachment; filename="masthead-data-2026-11-22.json"',
          })
        );
      if (path === '/blaize/users/delete/' && (init?.method ?? 'GET') === 'GET') {
        return json(answers.options ?? { password: true, providers: [] });
      }
      if (path === '/blaize/users/delete/' && init?.method === 'POST') {
        served.deletes.push(JSON.parse(String(init.body)));
        const answer = answers.remove?.() ?? json({ message: 'Your account has been deleted.' });
        if (answer.ok) served.loggedIn = false;
        return answer;
      }
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return served;
}

const saved: { name: string; href: string }[] = [];

beforeEach(() => {
  saved.length = 0;
  // jsdom has no object URLs, and a click on a download link goes nowhere: record it instead.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Opens the deletion step and waits for it to focus its heading (a frame later): keys
 * typed before then would go to the heading instead of the field. */
async function startDeleting(section: HTMLElement) {
  await userEvent.click(within(section).getByRole('button', { name: 'Delete my account…' }));
  const heading = within(section).getByRole('heading', { level: 4, name: 'Are you sure you want to delete your account?' });
  await waitFor(() => expect(heading).toHaveFocus());
}

async function yourData() {
  window.history.replaceState({}, '', '/account/settings');
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1', 'localhost'] }} />);
  return screen.findByRole('region', { name: 'Your data' });
}

it('downloads the reader’s data as the file the server names', async () => {
  serve();
  const section = await yourData();
  await userEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
  expect(await within(section).findByText('Your data has been downloaded.')).toBeVisible();
  expect(saved).toEqual([{ name: 'masthead-data-2026-11-22.json', href: 'blob:file' }]);
});

it('says why a download was refused, beside the button', async () => {
  serve({
    data: () =>
      new Response(
        JSON.stringify({ type: 'too-many-requests', message: 'Too many attempts. Please wait 5 minutes and try again.' }),
        {
          status: 429,
        },
      ),
  });
  const section = await yourData();
  await userEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent('Too many attempts. Please wait 5 minutes and try again.');
  expect(saved).toEqual([]);
});

it('asks for the password, warns plainly, and can be stepped back from', async () => {
  const served = serve();
  const section = await yourData();
  await startDeleting(section);

  const step = within(section).getByRole('group', { name: 'Are you sure you want to delete your account?' });
  expect(step).toHaveTextContent('Your membership ends at the end of the period you have paid for.');
  expect(step).toHaveTextContent('Your comments stay where you wrote them, shown as by “Former reader”.');
  expect(step).toHaveTextContent('Records of your payments are kept, as the law requires, without your name or email address.');

  await userEvent.click(within(step).getByRole('button', { name: 'Delete my account' }));
  expect(await within(step).findByRole('alert')).toHaveTextContent('Please enter your password to delete your account.');
  expect(within(step).getByLabelText('Your password')).toHaveFocus();
  expect(served.deletes).toEqual([]);

  await userEvent.click(within(step).getByRole('button', { name: 'Keep my account' }));
  expect(within(section).queryByRole('group')).toBeNull();
  expect(within(section).getByRole('button', { name: 'Delete my account…' })).toBeVisible();
});

it('shows a wrong password beside the form and keeps the reader signed in', async () => {
  const served = serve({
    remove: () =>
      new Response(JSON.stringify({ type: 'bad-credentials', message: 'Sorry, that password is not right. Please try again.' }), {
        status: 400,
      }),
  });
  const section = await yourData();
  await startDeleting(section);
  await userEvent.type(within(section).getByLabelText('Your password'), 'Not-Mine-1');
  await userEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));

  const step = within(section).getByRole('group');
  expect(await within(step).findByRole('alert')).toHaveTextContent('Sorry, that password is not right. Please try again.');
  expect(served.deletes).toEqual([{ validators: { password: 'Not-Mine-1' } }]);
  expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  // Stepped back from and opened again: the step starts afresh, without the old refusal.
  await userEvent.click(within(step).getByRole('button', { name: 'Keep my account' }));
  await startDeleting(section);
  const again = within(section).getByRole('group', { name: 'Are you sure you want to delete your account?' });
  expect(within(again).getByRole('alert')).toBeEmptyDOMElement();
  expect(within(again).getByLabelText('Your password')).toHaveValue('');
});

it('deletes the account with the password and lands on the page that says it is done', async () => {
  const served = serve();
  const section = await yourData();
  await startDeleting(section);
  await userEvent.type(within(section).getByLabelText('Your password'), 'Correct-Horse-1');
  await userEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  expect(window.location.pathname).toBe('/account/account-deleted');
  expect(served.deletes).toEqual([{ validators: { password: 'Correct-Horse-1' } }]);
  expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/account/register');
  await vi.waitFor(() => expect(served.loggedOut).toBe(true)); // the page forgot the reader
});

it('names the file as the server does, or by the day', () => {
  expect(filenameOf('attachment; filename="masthead-data-2026-11-22.json"')).toBe('masthead-data-2026-11-22.json');
  expect(filenameOf(null, new Date('2026-12-01T10:00:00Z'))).toBe('masthead-data-2026-12-01.json');
});

/** The popup's message, as the result page posts it (the popup stands for itself as this window). */
function popupSays(data: Record<string, unknown>) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin, source: window }));
  });
}

async function openDeleteStep() {
  const section = await yourData();
  await startDeleting(section);
  return within(section).getByRole('group', { name: 'Are you sure you want to delete your account?' });
}

function stateOf(open: ReturnType<typeof vi.fn>): string {
  const [url] = open.mock.calls[0] as unknown as [string];
  return new URL(url, window.location.origin).searchParams.get('state') ?? '';
}

it('lets a reader without a password delete by confirming with the provider', async () => {
  const served = serve({ options: { password: false, providers: ['google', 'apple'] } });
  const open = vi.fn(() => window);
  vi.stubGlobal('open', open);
  const step = await openDeleteStep();
  expect(within(step).queryByLabelText('Your password')).toBeNull();
  expect(within(step).getByRole('button', { name: 'Confirm with Apple' })).toBeEnabled();

  await userEvent.click(within(step).getByRole('button', { name: 'Confirm with Google' }));
  const [url, , features] = open.mock.calls[0] as unknown as [string, string, string];
  expect(url).toMatch(/^\/blaize\/oauth\/google\?state=[0-9a-f]{32}&purpose=confirm$/);
  expect(features).toContain('width=500');
  expect(features).toContain('height=600');
  expect(within(step).getByRole('button', { name: 'Waiting for Google…' })).toBeDisabled();
  expect(within(step).getByRole('button', { name: 'Confirm with Apple' })).toBeDisabled();

  popupSays({ action: 'confirm', provider: 'google', state: stateOf(open) });

  expect(await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  expect(served.deletes).toEqual([{ validators: { provider: 'google' } }]);
  await vi.waitFor(() => expect(served.loggedOut).toBe(true)); // the page forgot the reader
});

it('ignores a confirmation made for another page, and shows why the popup refused', async () => {
  const served = serve({ options: { password: false, providers: ['google'] } });
  const open = vi.fn(() => window);
  vi.stubGlobal('open', open);
  const step = await openDeleteStep();
  await userEvent.click(within(step).getByRole('button', { name: 'Confirm with Google' }));

  popupSays({ action: 'login', cookie: 'c', provider: 'google', state: stateOf(open) }); // not a confirm: ignored
  popupSays({ action: 'confirm', provider: 'google', state: 'someone-elses-state' });
  expect(await within(step).findByRole('alert')).toHaveTextContent('This confirmation did not come from this page.');
  expect(served.deletes).toEqual([]);

  await userEvent.click(within(step).getByRole('button', { name: 'Confirm with Google' }));
  const message = 'That Google account is not the one linked to your Masthead account. Please confirm with the one you sign in with.';
  popupSays({ action: 'error', message, state: '' });
  expect(await within(step).findByRole('alert')).toHaveTextContent(message);
  expect(within(step).getByRole('button', { name: 'Confirm with Google' })).toBeEnabled();
  expect(served.deletes).toEqual([]);
});

it('shows the server’s refusal of a confirmation beside the form', async () => {
  const again = 'Please confirm with Google again: a confirmation lasts 5 minutes, works once, and only in the browser that made it.';
  const served = serve({
    options: { password: false, providers: ['google'] },
    remove: () => new Response(JSON.stringify({ type: 'confirmation-required', message: again }), { status: 400 }),
  });
  const open = vi.fn(() => window);
  vi.stubGlobal('open', open);
  const step = await openDeleteStep();
  await userEvent.click(within(step).getByRole('button', { name: 'Confirm with Google' }));
  popupSays({ action: 'confirm', provider: 'google', state: stateOf(open) });

  // The alert region is there, empty, before the answer: wait for the sentence in it (a flake
  // under load when the first alert found was read before the refusal arrived).
  await waitFor(() => expect(within(step).getByRole('alert')).toHaveTextContent(again), { timeout: 5000 });
  expect(served.deletes).toEqual([{ validators: { provider: 'google' } }]);
  expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
});

it('offers the provider beside the password to a reader with both, and says when pop-ups are blocked', async () => {
  serve({ options: { password: true, providers: ['facebook'] } });
  vi.stubGlobal('open', vi.fn(() => null));
  const step = await openDeleteStep();
  expect(within(step).getByLabelText('Your password')).toBeVisible();
  await userEvent.click(await within(step).findByRole('button', { name: 'Confirm with Facebook' }));
  expect(await within(step).findByRole('alert')).toHaveTextContent(POPUP_BLOCKED);
});
