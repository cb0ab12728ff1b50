// @vitest-environment jsdom
/** Newsletter lists in the console: the lists by group, reordering, adding, editing, retiring and restoring, refusals in the server's words. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, refusal, renderAt, serve } from '../testServer';

afterEach(() => vi.unstubAllGlobals());

const EDITOR_ME = { ...ADMIN_ME, email: 'ed@example.com', roles: ['editor'] };

interface Row {
  id: number;
  st_id: string;
  name: string;
  description: string;
  group: string;
  exclusive: boolean;
  retired: boolean;
  position: number;
  subscribers: number;
}

function row(id: number, group: string, position: number, name: string, more: Partial<Row> = {}): Row {
  return {
    id,
    st_id: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    description: `${name} every day.`,
    group,
    exclusive: group.endsWith('-exclusive'),
    retired: false,
    position,
    subscribers: 0,
    ...more,
  };
}

function listsServer() {
  const lists = [
    row(1, 'main', 0, 'Morning Report', { subscribers: 1204 }),
    row(2, 'main', 1, 'Sports Daily', { subscribers: 1 }),
    row(3, 'gossip', 0, 'Royal Watch', { retired: true }),
    row(4, 'member-exclusive', 0, 'Members’ Insider'),
  ];
  const find = (id: number) => lists.find((list) => list.id === id)!;
  const calls = serve((call) => {
    if (call.path === '/admin/api/me') return [200, EDITOR_ME];
    if (call.path === '/admin/api/newsletter-lists' && call.method === 'GET') return [200, { lists }];
    if (call.path === '/admin/api/newsletter-lists' && call.method === 'POST') {
      const body = call.body as Row;
      if (body.st_id === 'main-morning') return refusal(409, 'list-exists', 'The provider id "main-morning" belongs to another list already.');
      const made = row(9, body.group, 2, body.name, { st_id: body.st_id, description: body.description });
      lists.push(made);
      return [201, made];
    }
    const match = /^\/admin\/api\/newsletter-lists\/(\d+)(\/position|\/retired)?$/.exec(call.path);
    if (!match) return undefined;
    const list = find(Number(match[1]));
    if (!list) return refusal(404, 'list-not-found', 'There is no newsletter list with id 99.');
    if (call.method === 'PUT' && match[2] === '/position') {
      const { position } = call.body as { position: number };
      const others = lists.filter((other) => other.group === list.group && other.id !== list.id).sort((a, b) => a.position - b.position);
      others.splice(position, 0, list);
      others.forEach((other, place) => (other.position = place));
    } else if (call.method === 'PUT' && match[2] === '/retired') {
      list.retired = (call.body as { retired: boolean }).retired;
    } else if (call.method === 'PUT') {
      Object.assign(list, call.body as object);
      list.exclusive = list.group.endsWith('-exclusive');
    }
    return [200, { ...list }];
  });
  return calls;
}

describe('newsletter lists', () => {
  it('shows the lists by group with their provider id, subscribers, and exclusive and retired badges', async () => {
    listsServer();
    renderAt('/admin/newsletters');
    const main = (await screen.findByRole('heading', { name: 'The Masthead (main site)' })).closest('section')!;
    const morning = within(main).getByRole('listitem', { name: 'Morning Report' });
    expect(within(morning).getByText('morning-report')).toBeInTheDocument();
    expect(within(morning).getByText('1,204 subscribers')).toBeInTheDocument();
    expect(within(morning).getByText('Every reader')).toBeInTheDocument();
    const gossip = screen.getByRole('heading', { name: 'The Scoop (gossip site)' }).closest('section')!;
    expect(within(gossip).getByText('Retired')).toBeInTheDocument();
    expect(within(gossip).getByText('Nobody: retired')).toBeInTheDocument();
    const members = screen.getByRole('heading', { name: 'Member exclusive' }).closest('section')!;
    expect(within(members).getByText('Exclusive')).toBeInTheDocument();
    expect(within(members).getByText('Members and home delivery')).toBeInTheDocument();
    // A group's only list has nowhere to move.
    expect(within(members).queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    const teams = screen.getByRole('heading', { name: 'Team exclusive' }).closest('section')!;
    expect(within(teams).getByText('No lists in this group yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New list' })).toHaveAttribute('href', '/admin/newsletters/new');
  });

  it('moves a list within its group, says where it went and keeps the focus on the move buttons', async () => {
    const calls = listsServer();
    renderAt('/admin/newsletters');
    const up = await screen.findByRole('button', { name: 'Move up: Sports Daily' });
    expect(screen.getByRole('button', { name: 'Move up: Morning Report' })).toBeDisabled();
    await userEvent.click(up);
    expect(await screen.findByText('Sports Daily is now 1 of 2 in The Masthead (main site).')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/admin/api/newsletter-lists/2/position', body: { position: 0 } });
    const main = screen.getByRole('heading', { name: 'The Masthead (main site)' }).closest('section')!;
    await waitFor(() => expect(within(main).getAllByRole('listitem').map((item) => item.getAttribute('aria-labelledby'))).toEqual(['list-2', 'list-1']));
    // At the top now, "up" is off: the focus goes to its twin.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: Sports Daily' })).toHaveFocus());
  });

  it('adds a list and opens it with the saved message', async () => {
    const calls = listsServer();
    renderAt('/admin/newsletters/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Metro Minute');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'team-exclusive');
    expect(screen.getByText(/Exclusive: only members and home delivery subscribers may join/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Provider id' }), 'metro-minute');
    await userEvent.click(screen.getByRole('button', { name: 'Add the list' }));
    expect(await screen.findByText('Metro Minute is saved. Readers see it now.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/newsletters/9');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Metro Minute', description: '', group: 'team-exclusive', st_id: 'metro-minute' });
  });

  it('checks the fields before sending and says what the server refused', async () => {
    const calls = listsServer();
    renderAt('/admin/newsletters/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Provider id' }), 'has spaces');
    await userEvent.click(screen.getByRole('button', { name: 'Add the list' }));
    expect(await screen.findByText('Enter the list’s name: readers see it.')).toBeInTheDocument();
    expect(screen.getByText('Check the name and provider id below.')).toBeInTheDocument();
    expect(screen.getByText(/Enter the email provider’s id/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Another Morning');
    const provider = screen.getByRole('textbox', { name: 'Provider id' });
    await userEvent.clear(provider);
    await userEvent.type(provider, 'main-morning');
    await userEvent.click(screen.getByRole('button', { name: 'Add the list' }));
    expect(await screen.findByText('The provider id "main-morning" belongs to another list already.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/newsletters/new');
  });

  it('renames a list; its provider id cannot change', async () => {
    const calls = listsServer();
    renderAt('/admin/newsletters/2');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('textbox', { name: 'Provider id' })).not.toBeInTheDocument();
    expect(screen.getByText('sports-daily')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Sports Tonight');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sports Tonight is saved. Readers see it now.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/admin/api/newsletter-lists/2',
      body: { name: 'Sports Tonight', description: 'Sports Daily every day.', group: 'main' },
    });
  });

  it('retires a list only after asking, and restores it', async () => {
    const calls = listsServer();
    renderAt('/admin/newsletters/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Retire the list' }));
    let dialog = await screen.findByRole('dialog', { name: 'Retire Sports Daily?' });
    expect(within(dialog).getByText('Readers will no longer see it and nobody can join it. Its subscriptions (1 subscriber) are kept, and come back if it is restored.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.path.endsWith('/retired'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Retire the list' }));
    dialog = await screen.findByRole('dialog', { name: 'Retire Sports Daily?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire the list' }));
    expect(await screen.findByText('Sports Daily is retired. Readers no longer see it.')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/retired'))?.body).toEqual({ retired: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore the list' }));
    dialog = await screen.findByRole('dialog', { name: 'Restore Sports Daily?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore the list' }));
    expect(await screen.findByText('Sports Daily is restored. Readers see it again.')).toBeInTheDocument();
  });

  it('says so when the list does not exist', async () => {
    listsServer();
    renderAt('/admin/newsletters/99');
    expect(await screen.findByText('There is no newsletter list with id 99.')).toBeInTheDocument();
  });
});
