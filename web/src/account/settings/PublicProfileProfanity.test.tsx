// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFANITY_CHECK_PATH } from '../../api/moderation';
import { createQueryClient } from '../../api/queryClient';
import { forgetSiteNonce } from '../../api/siteNonce';
import { App } from '../App';

const PROFILE = {
  'full-name': 'Ada Lovelace',
  'first-name': 'Ada',
  'last-name': 'Lovelace',
  'display-name': '',
  bio: '',
  location: '',
  'avatar-color': '#000000',
  'private-profile': false,
};
const REFUSED_NAME = 'Your display name contains “sh1t”, which isn\'t allowed here. Please reword it and try again.';
const REFUSED_TEXT = 'This text contains “sh1t”, which isn\'t allowed here. Please reword it and try again.';

interface Server {
  checked: string[];
  writes: Record<string, unknown>[];
}

/**
 * A fake server for a signed-in reader: the profanity check refuses any text with "sh1t"
 * (or answers `check` when given), and a profile write is refused as `saveRefusal` says.
 */
function serve(options: { check?: () => Response; saveRefusal?: unknown } = {}): Server {
  const server: Server = { checked: [], writes: [] };
  let profile: Record<string, unknown> = { ...PROFILE };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/blaize/datalayer'))
        return json({ dataLayer: { loggedIn: true, firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace', trackingId: 't', products: [], hadTrial: false, paused: false } });
      if (url.startsWith('/blaize/account')) return json({ identifiers: { email_address: 'ada@example.com' }, tracking_id: 't' });
      if (url.startsWith('/wp-json/nyp-membership/v1/nonce')) return json({ nonce: 'n0nce' });
      if (url.startsWith(PROFANITY_CHECK_PATH)) {
        const text = (JSON.parse(String(init?.body)) as { string: string }).string;
        server.checked.push(text);
        if (options.check) return options.check();
        return json(text.toLowerCase().includes('sh1t') ? { result: 'profane', message: REFUSED_TEXT } : { result: 'pass' });
      }
      if (url.startsWith('/blaize/profile') && init?.method === 'POST') {
        const sent = JSON.parse(String(init.body)) as Record<string, unknown>;
        server.writes.push(sent);
        if (options.saveRefusal) return json(options.saveRefusal, 400);
        profile = { ...profile, ...sent };
        return json(profile);
      }
      if (url.startsWith('/blaize/profile')) return json(profile);
      return json({ type: 'not-found', message: 'Not here.' }, 404);
    }),
  );
  return server;
}

async function typeAndSave(label: string, text: string) {
  window.history.replaceState({}, '', '/account/settings/display');
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1', 'localhost'] }} />);
  const field = await screen.findByLabelText(label);
  await userEvent.type(field, text);
  await userEvent.click(screen.getByRole('button', { name: 'Save public profile' }));
  return field;
}

beforeEach(() => {
  window.localStorage.clear();
  forgetSiteNonce();
});
afterEach(() => vi.unstubAllGlobals());

describe('the public profile’s profanity check (spec section 5)', () => {
  it('checks a new display name first and says under it what to change; nothing is saved', async () => {
    const server = serve();
    const displayName = await typeAndSave('Display name', 'Sh1t Happens');

    await waitFor(() => expect(displayName).toHaveAccessibleDescription(expect.stringContaining(REFUSED_TEXT)));
    expect(displayName).toHaveAttribute('aria-invalid', 'true');
    expect(displayName).toHaveFocus();
    expect(server.checked).toEqual(['Sh1t Happens']);
    expect(server.writes).toEqual([]);
    expect(screen.queryByText('Your public profile has been saved.')).toBeNull();
  });

  it('saves a name the check passes', async () => {
    const server = serve();
    await typeAndSave('Display name', 'Dick Van Dyke');
    expect(await screen.findByText('Your public profile has been saved.')).toBeInTheDocument();
    expect(server.checked).toEqual(['Dick Van Dyke']);
    expect(server.writes[0]).toMatchObject({ 'display-name': 'Dick Van Dyke' });
  });

  it('shows the server’s refusal of a save under the field it names', async () => {
    const server = serve({
      check: () => new Response(JSON.stringify({ result: 'pass' })),
      saveRefusal: { type: 'profane-text', message: REFUSED_NAME.replace('display name', 'bio'), field: 'bio' },
    });
    const bio = await typeAndSave('Bio', 'Writes about sh1t');

    await waitFor(() => expect(bio).toHaveAccessibleDescription(expect.stringContaining('Your bio contains “sh1t”')));
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(server.writes).toHaveLength(1);
    expect(screen.queryByText('Your public profile has been saved.')).toBeNull();
  });

  it('a check that cannot be made does not stop the save: the server checks again', async () => {
    const server = serve({
      check: () => new Response(JSON.stringify({ type: 'too-many-requests', message: 'Too many attempts.' }), { status: 429 }),
    });
    await typeAndSave('Bio', 'Writes about engines');
    expect(await screen.findByText('Your public profile has been saved.')).toBeInTheDocument();
    expect(server.writes).toHaveLength(1);
  });
});
