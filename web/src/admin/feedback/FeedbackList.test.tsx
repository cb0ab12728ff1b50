// @vitest-environment jsdom
/** Reader feedback: messages with their reader, filters in the address, pages both ways. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, renderAt, serve } from '../testServer';
import { excerpt } from './format';

afterEach(() => vi.unstubAllGlobals());

function message(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    created_at: '2026-11-22T09:00:15Z',
    topic: 'newsletters',
    brand: 'main',
    message: `Message ${id}`,
    may_reply: false,
    email: `reader${id}@example.com`,
    reader_id: id + 100,
    reader_name: `Reader ${id}`,
    ...overrides,
  };
}

const PLACE = { created_at: '2026-11-22T09:00:15Z', id: 50 };

function feedbackServer() {
  return serve((call) => {
    if (call.path === '/admin/api/me') return [200, ADMIN_ME];
    if (call.path !== '/admin/api/feedback') return undefined;
    if (call.query.get('q') === 'nothing') return [200, { items: [], next: null }];
    if (call.query.get('before_id') === '50') return [200, { items: [message(3, { message: 'An older one' })], next: null }];
    return [
      200,
      {
        items: [
          message(51, { may_reply: true, topic: 'website', brand: 'gossip', message: 'Line one\nLine two\nLine three\nLine four' }),
          message(50, { reader_id: null, reader_name: null }),
        ],
        next: PLACE,
      },
    ];
  });
}

describe('reader feedback', () => {
  it('shows each message with its reader, or says the account is gone', async () => {
    feedbackServer();
    renderAt('/admin/feedback');
    const first = (await screen.findByRole('heading', { name: 'The website or app' })).closest('li')!;
    expect(within(first).getByRole('link', { name: 'Reader 51' })).toHaveAttribute('href', '/admin/readers/151');
    expect(within(first).getByText('The Scoop')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'write to reader51@example.com' }).getAttribute('href')).toMatch(/^mailto:reader51@example\.com\?subject=/);
    const second = screen.getByText('Message 50').closest('li')!;
    expect(within(second).getByText('Account deleted')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).toBeNull(); // no reader page, no reply link
    expect(within(second).getByText('No')).toBeInTheDocument();
  });

  it('"Show all" opens a long message and says so to a screen reader', async () => {
    feedbackServer();
    renderAt('/admin/feedback');
    await screen.findByText(/Line one/);
    expect(screen.queryByText(/Line four/)).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show all' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByText(/Line four/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('walks to older messages and back', async () => {
    const calls = feedbackServer();
    renderAt('/admin/feedback');
    await userEvent.click(await screen.findByRole('button', { name: 'Older messages' }));
    expect(await screen.findByText('An older one')).toBeInTheDocument();
    expect(screen.getByText('Page 2: showing 1 message.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Feedback' })).toHaveFocus(); // its button is gone
    expect(screen.queryByRole('button', { name: 'Older messages' })).toBeNull();
    const asked = calls.filter((call) => call.path === '/admin/api/feedback').map((call) => call.query.toString());
    expect(asked).toContain('before=2026-11-22T09%3A00%3A15Z&before_id=50');
    await userEvent.click(screen.getByRole('button', { name: 'Newer messages' }));
    expect(await screen.findByText('Message 50')).toBeInTheDocument();
    expect(screen.getByText('Page 1: showing 2 messages; older ones follow.')).toBeInTheDocument();
  });

  it('filters on the server, keeps the filters in the address, and says when nothing matches', async () => {
    const calls = feedbackServer();
    renderAt('/admin/feedback');
    await screen.findByText('Message 50');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'membership');
    await userEvent.selectOptions(screen.getByLabelText('Site'), 'lifestyle');
    await userEvent.type(screen.getByLabelText('Words'), ' nothing ');
    await userEvent.click(screen.getByRole('button', { name: 'Show feedback' }));
    expect(await screen.findByText('No feedback matches these filters.')).toBeInTheDocument();
    expect(window.location.search).toBe('?topic=membership&brand=lifestyle&q=nothing');
    expect(calls.at(-1)!.query.toString()).toBe('topic=membership&brand=lifestyle&q=nothing');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByText('Message 50')).toBeInTheDocument();
  });

  it('says so when no reader has written yet', async () => {
    serve((call) => (call.path === '/admin/api/me' ? [200, ADMIN_ME] : call.path === '/admin/api/feedback' ? [200, { items: [], next: null }] : undefined));
    renderAt('/admin/feedback');
    expect(await screen.findByText('No reader has sent feedback yet.')).toBeInTheDocument();
  });
});

describe('excerpt', () => {
  it('keeps a short message whole and cuts a long one at a word', () => {
    expect(excerpt('Short')).toBeNull();
    expect(excerpt('a\nb\nc\nd')).toBe('a\nb\nc…');
    const long = `${'word '.repeat(100)}end`;
    const cut = excerpt(long)!;
    expect(cut.length).toBeLessThanOrEqual(281);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
