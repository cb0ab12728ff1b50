// @vitest-environment jsdom
/** The moderators' screens: the queues and their decisions, the ban dialog, the word lists and the per-site settings. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, refusal, renderAt, serve, type Call } from '../testServer';
import type { QueueItem } from './data';

afterEach(() => vi.unstubAllGlobals());

const MODERATOR_ME = { ...ADMIN_ME, email: 'mod@example.com', roles: ['moderator'] };

function comment(id: number, changes: Partial<QueueItem> = {}): QueueItem {
  return {
    id,
    spot_id: 'sp_MhMain01',
    status: 'pending',
    body: 'Waiting for a moderator to look at this one.',
    created_at: '2026-11-22T10:00:00Z',
    edited_at: null,
    held_reason: 'first-comment',
    featured: false,
    open_reports: 0,
    reports: [],
    parent_id: null,
    parent_excerpt: null,
    story: { post_id: 3101, title: 'Rangers rally in the third', url: '/2026/11/20/rangers-rally/' },
    author: { user_id: 7, display_name: 'Jane Roe', email: 'jane@example.com', banned: false },
    ...changes,
  };
}

function moderationServer(queues: { pending: QueueItem[]; reported: QueueItem[]; all?: QueueItem[] }) {
  const bans: unknown[] = [];
  const calls = serve((call: Call) => {
    if (call.path === '/admin/api/me') return [200, MODERATOR_ME];
    if (call.method === 'GET' && call.path === '/admin/api/comments') {
      const asked = call.query.get('queue');
      if (asked === 'all') return [200, { items: queues.all ?? [], next_cursor: null }];
      const name = asked === 'reported' ? 'reported' : 'pending';
      return [200, { items: queues[name], next_cursor: null }];
    }
    if (call.path === '/admin/api/comments/bans') {
      if (call.method === 'GET') return [200, { items: bans }];
      const { reason, days } = call.body as { reason: string; days: number | null };
      const ban = { user_id: 7, display_name: 'Jane Roe', email: 'jane@example.com', reason, banned_by: 'mod@example.com', created_at: '2026-11-22T12:00:00Z', expires_at: days ? '2026-11-29T12:00:00Z' : null };
      bans.push(ban);
      return [201, ban];
    }
    const decided = /^\/admin\/api\/comments\/(\d+)\/([a-z-]+)$/.exec(call.path);
    if (decided && call.method === 'POST') {
      const id = Number(decided[1]);
      const action = decided[2];
      if (action === 'feature') return refusal(409, 'not-published', 'Only published comments can be featured; this one is pending.');
      const item = [...queues.pending, ...queues.reported].find((each) => each.id === id)!;
      queues.pending = queues.pending.filter((each) => each.id !== id);
      queues.reported = queues.reported.filter((each) => each.id !== id);
      const message = action === 'approve' ? 'Approved: it is published.' : action === 'reject' ? 'Rejected: readers no longer see it.' : 'Reports dismissed: the comment stays published.';
      return [200, { message, comment: { ...item, status: action === 'reject' ? 'rejected' : 'published' } }];
    }
    return undefined;
  });
  return calls;
}

describe('the moderation queue', () => {
  it('shows a pending comment as text with its story, author and why it waits, and approves it', async () => {
    const calls = moderationServer({ pending: [comment(1, { body: '<img src=x onerror=alert(1)> hello' })], reported: [] });
    renderAt('/admin/comments');
    const card = (await screen.findByRole('heading', { name: /Jane Roe/ })).closest('li')!;
    expect(within(card).getByText('<img src=x onerror=alert(1)> hello')).toBeInTheDocument();
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByRole('link', { name: /Rangers rally in the third/ })).toHaveAttribute('href', '/2026/11/20/rangers-rally/');
    expect(within(card).getByText(/jane@example.com/)).toBeInTheDocument();
    expect(within(card).getByText('The author’s first comment: new commenters wait for a moderator.')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: it is published.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/admin/api/comments/1/approve')).toBe(true);
    expect(await screen.findByText('No comment is waiting for a moderator.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pending comments' })).toHaveFocus();
  });

  it('lists reported comments with each report, and dismisses or rejects them', async () => {
    const reported = comment(2, { status: 'published', held_reason: null, open_reports: 2, reports: [
      { reason: 'abuse', note: 'Name-calling', created_at: '2026-11-22T11:00:00Z' },
      { reason: 'spam', note: '', created_at: '2026-11-22T10:30:00Z' },
    ] });
    moderationServer({ pending: [], reported: [reported, comment(3, { status: 'published', open_reports: 1 })] });
    renderAt('/admin/comments?queue=reported');
    expect(await screen.findByRole('link', { name: 'Reported' })).toHaveAttribute('aria-current', 'page');
    const card = (await screen.findByText('2 reports')).closest('li')!;
    expect(within(card).getByText('Abuse')).toBeInTheDocument();
    expect(within(card).getByText(/Name-calling/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByText('Reports dismissed: the comment stays published.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected: readers no longer see it.')).toBeInTheDocument();
    expect(await screen.findByText('No reported comment is waiting.')).toBeInTheDocument();
  });

  it('says a refusal in the server’s words', async () => {
    moderationServer({ pending: [], reported: [comment(4, { status: 'published', open_reports: 1 })] });
    renderAt('/admin/comments?queue=reported');
    await userEvent.click(await screen.findByRole('button', { name: 'Feature' }));
    expect(await screen.findByText('Only published comments can be featured; this one is pending.')).toBeInTheDocument();
  });

  it('lists every comment with where it stands and only the decisions that apply to it', async () => {
    const published = comment(8, { status: 'published', held_reason: null, body: 'A fine point.' });
    const rejected = comment(9, { status: 'rejected', held_reason: null, body: 'Turned down.' });
    moderationServer({ pending: [], reported: [], all: [published, rejected] });
    renderAt('/admin/comments');
    await userEvent.click(within(await screen.findByRole('navigation', { name: 'Queues' })).getByRole('link', { name: 'All' }));
    expect(await screen.findByRole('heading', { name: 'All comments' })).toBeInTheDocument();
    const [fine, down] = await screen.findAllByRole('group', { name: 'Decide on the comment by Jane Roe' });
    expect(within(fine!).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(fine!).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(fine!).getByRole('button', { name: 'Feature' })).toBeInTheDocument();
    expect(within(down!).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
  });

  it('bans the author after asking why and for how long, then lists the ban', async () => {
    const calls = moderationServer({ pending: [comment(5)], reported: [] });
    renderAt('/admin/comments');
    await userEvent.click(await screen.findByRole('button', { name: 'Ban author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Jane Roe?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban author' }));
    expect(await within(dialog).findByText('Please say why, for the other moderators.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/admin/api/comments/bans')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam links');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'How long' }), 'Until a moderator lifts it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban author' }));
    expect(await screen.findByText('Jane Roe is banned from commenting until a moderator lifts it.')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/admin/api/comments/bans')!;
    expect(sent.body).toEqual({ comment_id: 5, reason: 'Spam links', days: null });
    const bans = screen.getByRole('heading', { name: 'Banned commenters' }).closest('section')!;
    expect(await within(bans).findByRole('button', { name: /Lift ban/ })).toBeInTheDocument();
  });
});

describe('word lists', () => {
  it('adds a word as the server keeps it, refuses a slash before asking, and removes a word', async () => {
    const lists = { banned: ['dingbat'], suspect: [] as string[], allowed: [] as string[] };
    const calls = serve((call) => {
      if (call.path === '/admin/api/me') return [200, MODERATOR_ME];
      if (call.path === '/admin/api/word-lists') return [200, lists];
      if (call.path === '/admin/api/word-lists/suspect' && call.method === 'POST') {
        lists.suspect = [...lists.suspect, (call.body as { word: string }).word];
        return [201, lists];
      }
      if (call.path === '/admin/api/word-lists/banned/dingbat' && call.method === 'DELETE') {
        lists.banned = [];
        return [204];
      }
      return undefined;
    });
    renderAt('/admin/comments/word-lists');
    expect(await screen.findByText(/built-in list of rude words always applies/)).toBeInTheDocument();
    const suspect = (await screen.findByRole('heading', { name: 'Suspect words' })).closest('section')!;
    const field = within(suspect).getByRole('textbox', { name: /Add to suspect words/ });
    await userEvent.type(field, 'and/or');
    await userEvent.click(within(suspect).getByRole('button', { name: 'Add' }));
    expect(await within(suspect).findByText('A word or phrase cannot hold a slash (/).')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '  Crypto   Giveaway ');
    await userEvent.click(within(suspect).getByRole('button', { name: 'Add' }));
    expect(await within(suspect).findByText('crypto giveaway')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ word: 'crypto giveaway' });

    const banned = screen.getByRole('heading', { name: 'Banned words' }).closest('section')!;
    await userEvent.click(within(banned).getByRole('button', { name: /Remove/ }));
    expect(await within(banned).findByText('No words yet.')).toBeInTheDocument();
  });
});

describe('comment settings', () => {
  it('saves one site’s two settings', async () => {
    const sites = [
      { spot_id: 'sp_MhMain01', site: 'The Masthead', who_may_comment: 'signed-in', premoderation: 'first-comments' },
      { spot_id: 'sp_MhGossip1', site: 'The Scoop', who_may_comment: 'signed-in', premoderation: 'first-comments' },
    ];
    const calls = serve((call) => {
      if (call.path === '/admin/api/me') return [200, MODERATOR_ME];
      if (call.path === '/admin/api/comments/settings') return [200, { sites }];
      return undefined;
    });
    renderAt('/admin/comments/settings');
    const scoop = (await screen.findByRole('heading', { name: 'The Scoop' })).closest('form')!;
    await userEvent.selectOptions(within(scoop).getByRole('combobox', { name: 'Who may comment' }), 'Members only');
    await userEvent.selectOptions(within(scoop).getByRole('combobox', { name: /Pre-moderation/ }), 'Every comment');
    await userEvent.click(within(scoop).getByRole('button', { name: /^Save/ }));
    expect(await within(scoop).findByText('Saved: The Scoop’s comment rules apply now.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ sites: [{ spot_id: 'sp_MhGossip1', who_may_comment: 'members', premoderation: 'all' }] });
  });

  it('is not shown to staff without the moderator role', async () => {
    serve((call) => (call.path === '/admin/api/me' ? [200, { ...ADMIN_ME, roles: ['editor'] }] : undefined));
    renderAt('/admin/comments/settings');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Comment settings' })).toBeNull());
    expect(await screen.findByText(/moderator/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Comments' })).toBeNull();
  });
});
