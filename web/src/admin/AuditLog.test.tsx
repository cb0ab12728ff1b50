// @vitest-environment jsdom
/** The audit log: entries with their changes, filters on the server, older pages on demand. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, renderAt, serve } from './testServer';

afterEach(() => vi.unstubAllGlobals());

function entry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    at: '2026-11-22T09:00:15Z',
    actor_email: 'boss@example.com',
    action: 'staff.signed_in',
    target_type: null,
    target_id: null,
    before: null,
    after: null,
    address: '203.0.113.9',
    ...overrides,
  };
}

function auditServer() {
  return serve((call) => {
    if (call.path === '/admin/api/me') return [200, ADMIN_ME];
    if (call.path !== '/admin/api/audit') return undefined;
    if (call.query.get('actor') === 'nobody@example.com') return [200, { items: [], next: null }];
    if (call.query.get('before') === '50') return [200, { items: [entry(3, { action: 'staff.enrolled' })], next: null }];
    return [
      200,
      {
        items: [
          entry(51, {
            action: 'staff.roles_changed',
            target_type: 'user',
            target_id: 'ed@example.com',
            before: { roles: ['editor'] },
            after: { roles: ['editor', 'support'] },
          }),
          entry(50, { actor_email: null, action: 'staff.sign_in_failed' }),
        ],
        next: 50,
      },
    ];
  });
}

describe('audit log', () => {
  it('shows who did what, on what, and what changed, as a readable diff', async () => {
    auditServer();
    renderAt('/admin/audit');
    const item = (await screen.findByText('Changed staff roles')).closest('li')!;
    expect(within(item).getByText('staff.roles_changed')).toBeInTheDocument();
    expect(within(item).getByText('user ed@example.com')).toBeInTheDocument();
    expect(within(item).getByText('203.0.113.9')).toBeInTheDocument();
    const change = within(item).getByText('Roles:').closest('li')!;
    expect(change.textContent).toBe('Roles: before: editor → , after: editor, support (added support)');
    expect(screen.getByText(/Nobody signed in/)).toBeInTheDocument();
  });

  it('"Older entries" asks for the page before the last one, and stops at the end', async () => {
    const calls = auditServer();
    renderAt('/admin/audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Set up an authenticator app')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/admin/api/audit').map((call) => call.query.toString())).toEqual(['limit=50', 'before=50&limit=50']);
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
    expect(screen.getByText('Showing 3 entries.')).toBeInTheDocument();
  });

  it('filters on the server and keeps the filters in the address', async () => {
    const calls = auditServer();
    renderAt('/admin/audit');
    await screen.findByText('Changed staff roles');
    await userEvent.type(screen.getByLabelText('Who (email address)'), ' nobody@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Show entries' }));
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    expect(window.location.search).toBe('?actor=nobody%40example.com');
    expect(calls.at(-1)?.query.toString()).toBe('actor=nobody%40example.com&limit=50');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByText('Changed staff roles')).toBeInTheDocument();
    expect(screen.getByLabelText('Who (email address)')).toHaveValue('');
  });
});
