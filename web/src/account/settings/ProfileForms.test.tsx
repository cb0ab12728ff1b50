// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { PROFILE_MAX_LENGTH } from '../../api/profileRules';
import { App } from '../App';

const PROFILE = {
  'full-name': 'Ada Lovelace',
  'first-name': 'Ada',
  'last-name': 'Lovelace',
  'display-name': '',
  bio: '',
  location: '',
  'phone-number': '',
  'avatar-color': '#000000',
  'private-profile': false,
};

/** A fake server for a logged-in reader; records every profile write it is sent. */
function serve(refusal?: { status: number; body: unknown }) {
  const writes: Record<string, unknown>[] = [];
  let profile: Record<string, unknown> = { ...PROFILE };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.startsWith('/blaize/datalayer'))
        return json({ dataLayer: { loggedIn: true, firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace', trackingId: 't', products: [], hadTrial: false, paused: false } });
      if (url.startsWith('/blaize/account')) return json({ identifiers: { email_address: 'ada@example.com' }, tracking_id: 't' });
      if (url.startsWith('/blaize/profile') && init?.method === 'POST') {
        const sent = JSON.parse(String(init.body)) as Record<string, unknown>;
        writes.push(sent);
        if (refusal) return json(refusal.body, refusal.status);
        const { 'updated-values': _named, ...changes } = sent;
        profile = { ...profile, ...changes };
        return json(profile);
      }
      if (url.startsWith('/blaize/profile')) return json(profile);
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return writes;
}

function renderAt(path: string) {
  window.history.replaceState({}, '', path);
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1', 'localhost'] }} />);
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the personal details form (issue 12, items 12 and 14)', () => {
  it('says every limit before anything is typed, with the server’s numbers', async () => {
    serve();
    renderAt('/account/settings');
    const fullName = await screen.findByLabelText('Full name');
    expect(fullName).toHaveAccessibleDescription(expect.stringContaining(`Up to ${PROFILE_MAX_LENGTH['full-name']} characters.`));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(`Up to ${PROFILE_MAX_LENGTH['first-name']} characters.`);
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(`Up to ${PROFILE_MAX_LENGTH['last-name']} characters.`);
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(expect.stringContaining(`Up to ${PROFILE_MAX_LENGTH['phone-number']} characters.`));
  });

  it('a 5,000-character name is not sent: the form says what is wrong and where', async () => {
    const writes = serve();
    renderAt('/account/settings');
    const fullName = await screen.findByLabelText('Full name');
    await userEvent.clear(fullName);
    await userEvent.click(fullName);
    await userEvent.paste('x'.repeat(5000));
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));

    const details = screen.getByRole('region', { name: 'Personal details' });
    expect(await within(details).findByRole('alert')).toHaveTextContent('The Full name field is invalid.');
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(fullName).toHaveAccessibleDescription(expect.stringContaining('Full name can be at most 200 characters; it has 5,000. Please shorten it.'));
    expect(fullName).toHaveFocus();
    expect(writes).toEqual([]);
  });

  it('counts characters as the server does: 200 emoji are 200 characters, not 400', async () => {
    const writes = serve();
    renderAt('/account/settings');
    const fullName = await screen.findByLabelText('Full name');
    await userEvent.clear(fullName);
    await userEvent.click(fullName);
    await userEvent.paste('🦄'.repeat(200));
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
  });

  it('full name follows first and last name', async () => {
    const writes = serve();
    renderAt('/account/settings');
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    expect(screen.getByLabelText('Full name')).toHaveValue('Augusta Lovelace');
    const last = screen.getByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'King');
    expect(screen.getByLabelText('Full name')).toHaveValue('Augusta King');

    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ 'full-name': 'Augusta King', 'first-name': 'Augusta', 'last-name': 'King' });
  });

  it('the profile tab does not repeat the display tab’s public profile', async () => {
    serve();
    renderAt('/account/settings');
    await screen.findByLabelText('Full name');
    expect(screen.queryByRole('region', { name: 'Public profile' })).toBeNull();
    expect(screen.queryByLabelText('Display name')).toBeNull();
    expect(screen.queryByLabelText('Private profile')).toBeNull();
  });
});

describe('the public profile form', () => {
  it('says its limits and refuses a display name over the server’s limit', async () => {
    const writes = serve();
    renderAt('/account/settings/display');
    const displayName = await screen.findByLabelText('Display name');
    const limit = PROFILE_MAX_LENGTH['display-name'];
    expect(displayName).toHaveAccessibleDescription(`Shown next to your comments. Up to ${limit} characters.`);
    expect(screen.getByLabelText('Bio')).toHaveAccessibleDescription(`Up to ${PROFILE_MAX_LENGTH.bio} characters.`);
    await userEvent.click(displayName);
    await userEvent.paste('y'.repeat(limit + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Save public profile' }));
    expect(await screen.findByText('The Display name field is invalid.')).toBeInTheDocument();
    expect(displayName).toHaveAccessibleDescription(expect.stringContaining(`Display name can be at most ${limit} characters; it has ${limit + 1}.`));
    expect(writes).toEqual([]);
  });

  it('a refused save says the spec’s message and the server’s reason, never that it was saved', async () => {
    const writes = serve({ status: 400, body: { type: 'bad-request', message: 'The location field is invalid.' } });
    renderAt('/account/settings/display');
    await userEvent.type(await screen.findByLabelText('Location'), 'Paris');
    await userEvent.click(screen.getByRole('button', { name: 'Save public profile' }));

    const section = screen.getByRole('region', { name: 'Public profile' });
    const alert = await within(section).findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Sorry, there was an error updating your profile'));
    expect(alert).toHaveTextContent('The location field is invalid.');
    expect(screen.queryByText('Your public profile has been saved.')).toBeNull();
    expect(writes).toHaveLength(1);
  });
});
