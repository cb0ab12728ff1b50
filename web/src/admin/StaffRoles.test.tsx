// @vitest-environment jsdom
/** Staff & roles: the list, granting by email, changing roles, and the step-up it may ask for. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, refusal, renderAt, serve, type Call } from './testServer';

afterEach(() => vi.unstubAllGlobals());

const REAUTH = refusal(403, 'reauthentication-required', 'Enter a new code from your authenticator app to do this.');

function member(email: string, roles: string[], enrolled = true) {
  return { user_id: email.length, email, roles, granted_at: '2026-11-01T10:00:00Z', enrolled };
}

/** A staff list the PUTs change; `refuse` answers a PUT first when it says so. */
function staffServer(refuse: (call: Call, attempt: number) => ReturnType<typeof refusal> | undefined = () => undefined) {
  const staff = new Map([
    ['boss@example.com', member('boss@example.com', ['admin'])],
    ['ed@example.com', member('ed@example.com', ['editor'], false)],
  ]);
  let puts = 0;
  const calls = serve((call) => {
    if (call.path === '/admin/api/me') return [200, ADMIN_ME];
    if (call.path === '/admin/api/staff') return [200, { items: [...staff.values()] }];
    if (call.path === '/admin/api/session/confirm') return (call.body as { code: string }).code === '654321' ? [200, { reauthenticated_until: '2026-11-22T10:05:00Z' }] : refusal(400, 'invalid-code', 'That code is not right. Try the newest code from your app.');
    if (call.method === 'PUT') {
      puts += 1;
      const refused = refuse(call, puts);
      if (refused) return refused;
      // The server finds the account whatever the email's case, and answers its stored email.
      const email = decodeURIComponent(call.path.split('/').pop()!).toLowerCase();
      const { roles } = call.body as { roles: string[] };
      if (roles.length === 0) staff.delete(email);
      else staff.set(email, member(email, roles));
      return [200, member(email, roles)];
    }
    return undefined;
  });
  return calls;
}

describe('staff & roles', () => {
  it('lists the staff with their roles and whether their app is set up', async () => {
    staffServer();
    renderAt('/admin/staff');
    const ed = (await screen.findByRole('heading', { name: 'ed@example.com' })).closest('li')!;
    expect(within(ed).getByText('Editor')).toBeInTheDocument();
    expect(within(ed).getByText('Not set up yet')).toBeInTheDocument();
    expect(screen.getByText('(you)')).toBeInTheDocument();
  });

  it('changing roles asks for a code when the server wants one, then saves', async () => {
    const calls = staffServer((_call, attempt) => (attempt === 1 ? REAUTH : undefined));
    renderAt('/admin/staff');
    const ed = (await screen.findByRole('heading', { name: 'ed@example.com' })).closest('li')!;
    await userEvent.click(within(ed).getByRole('button', { name: /Change roles/ }));
    expect(within(ed).getByRole('checkbox', { name: 'Admin' })).toHaveFocus();
    await userEvent.click(within(ed).getByRole('checkbox', { name: 'Support' }));
    await userEvent.click(within(ed).getByRole('button', { name: 'Save roles' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(dialog).getByLabelText('Code'), '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That code is not right. Try the newest code from your app.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Code'));
    await userEvent.type(within(dialog).getByLabelText('Code'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('ed@example.com now has the roles Editor, Support.')).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path, call.body])).toEqual([
      ['/admin/api/staff/ed%40example.com', { roles: ['editor', 'support'] }],
      ['/admin/api/staff/ed%40example.com', { roles: ['editor', 'support'] }],
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: /Change roles of ed@example.com/ })).toHaveFocus());
  });

  it('cancelling the code changes nothing and says so', async () => {
    const calls = staffServer(() => REAUTH);
    renderAt('/admin/staff');
    const ed = (await screen.findByRole('heading', { name: 'ed@example.com' })).closest('li')!;
    await userEvent.click(within(ed).getByRole('button', { name: /Change roles/ }));
    await userEvent.click(within(ed).getByRole('button', { name: 'Save roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(ed).findByText(/Nothing was changed/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it("shows the server's refusal (the last admin) in the editor", async () => {
    staffServer(() => refusal(409, 'last-admin', 'The last admin cannot be removed.'));
    renderAt('/admin/staff');
    const boss = (await screen.findByRole('heading', { name: /boss@example.com/ })).closest('li')!;
    await userEvent.click(within(boss).getByRole('button', { name: /Change roles/ }));
    await userEvent.click(within(boss).getByRole('checkbox', { name: 'Admin' }));
    await userEvent.click(within(boss).getByRole('button', { name: 'Remove from staff' }));
    expect(await within(boss).findByText('The last admin cannot be removed.')).toBeInTheDocument();
  });

  it('grants roles by email, keeping the roles someone already has', async () => {
    const calls = staffServer();
    renderAt('/admin/staff');
    await screen.findByRole('heading', { name: 'ed@example.com' });
    const grant = screen.getByRole('region', { name: 'Add someone to staff' });
    await userEvent.click(within(grant).getByRole('button', { name: 'Grant roles' }));
    expect(await within(grant).findByText('Choose at least one role.')).toBeInTheDocument();
    expect(within(grant).getByText('Enter an email address like name@example.com.')).toBeInTheDocument();

    await userEvent.type(within(grant).getByLabelText('Email address'), 'ED@example.com');
    await userEvent.click(within(grant).getByRole('checkbox', { name: 'Moderator' }));
    await userEvent.click(within(grant).getByRole('button', { name: 'Grant roles' }));
    expect(await within(grant).findByText('ED@example.com now has the roles Editor, Moderator.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ roles: ['editor', 'moderator'] });
  });

  it('an email with no account gets the server words', async () => {
    staffServer(() => refusal(404, 'not-found', 'There is no Masthead account for that email.'));
    renderAt('/admin/staff');
    const grant = await screen.findByRole('region', { name: 'Add someone to staff' });
    await userEvent.type(within(grant).getByLabelText('Email address'), 'nobody@example.com');
    await userEvent.click(within(grant).getByRole('checkbox', { name: 'Support' }));
    await userEvent.click(within(grant).getByRole('button', { name: 'Grant roles' }));
    expect(await within(grant).findByText('There is no Masthead account for that email.')).toBeInTheDocument();
  });
});
