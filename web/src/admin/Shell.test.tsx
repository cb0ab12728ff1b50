// @vitest-environment jsdom
/** The shell: navigation by role, the role guard, signing out, and a session that ends. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, refusal, renderAt, serve } from './testServer';

afterEach(() => vi.unstubAllGlobals());

const EDITOR_ME = { ...ADMIN_ME, email: 'ed@example.com', display_name: '', roles: ['editor'] };
const MODERATOR_ME = { ...ADMIN_ME, email: 'mo@example.com', display_name: '', roles: ['moderator'] };

describe('the console shell', () => {
  it('lists only the sections the roles open, and names the person', async () => {
    serve(() => undefined, { 'GET /admin/api/me': [200, EDITOR_ME] });
    renderAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Stories', 'Static pages', 'Newsletters', 'Member events']);
    expect(screen.getByText('ed@example.com', { selector: '.admin-header__name' })).toBeInTheDocument();
  });

  it('says so when the roles open no screens yet', async () => {
    // Every role has a screen now: a role of a newer server's opens none here.
    serve(() => undefined, { 'GET /admin/api/me': [200, { ...MODERATOR_ME, roles: ['archivist'] }] });
    renderAt('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview']);
    expect(screen.getByText(/has no other screens for your roles yet/)).toBeInTheDocument();
  });

  it('an admin sees every section', async () => {
    serve(() => undefined, { 'GET /admin/api/me': [200, ADMIN_ME] });
    renderAt('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Overview',
      'Stories',
      'Static pages',
      'Newsletters',
      'Member events',
      'Readers',
      'Reader feedback',
      'Comments',
      'Plans & discounts',
      'Decision rules',
      'Referral programmes',
      'Staff & roles',
      'Audit log',
    ]);
  });

  it("a section of another role says which role it takes and asks the server nothing", async () => {
    const calls = serve(() => undefined, { 'GET /admin/api/me': [200, EDITOR_ME] });
    renderAt('/admin/staff');
    expect(await screen.findByText('Your account does not have the admin role.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/admin/api/staff')).toBe(false);
  });

  it('a session without staff roles gets the server words', async () => {
    serve(() => undefined, { 'GET /admin/api/me': [403, { type: 'forbidden', message: 'This account has no staff role.' }] });
    renderAt('/admin');
    expect(await screen.findByText('This account has no staff role.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with a staff account' })).toHaveAttribute('href', '/admin/sign-in');
  });

  it('signing out ends the session on the server and goes to sign-in', async () => {
    let signedIn = true;
    const calls = serve((call) => {
      if (call.path === '/admin/api/me') return signedIn ? [200, ADMIN_ME] : refusal(401, 'unauthorized', 'Please sign in to the staff console.');
      if (call.method === 'DELETE' && call.path === '/admin/api/session') {
        signedIn = false;
        return [204];
      }
      return undefined;
    });
    renderAt('/admin/audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    // Plain sign-in: the next person is not sent to where the last one was.
    expect(`${window.location.pathname}${window.location.search}`).toBe('/admin/sign-in');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull();
  });

  it('a failed sign-out says so and stays signed in', async () => {
    serve(() => undefined, { 'GET /admin/api/me': [200, ADMIN_ME], 'DELETE /admin/api/session': [500, { type: 'server-error', message: 'Something broke.' }] });
    renderAt('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Something broke.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Console sections' })).toBeInTheDocument();
  });

  it('a session that ends while a screen loads goes back to sign-in, to return there', async () => {
    let alive = true;
    serve((call) => {
      if (call.path === '/admin/api/me') return alive ? [200, ADMIN_ME] : refusal(401, 'unauthorized', 'Please sign in to the staff console.');
      if (call.path === '/admin/api/audit') {
        alive = false;
        return refusal(401, 'unauthorized', 'Please sign in to the staff console.');
      }
      return undefined;
    });
    renderAt('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe('?next=%2Fadmin%2Faudit'));
  });
});
