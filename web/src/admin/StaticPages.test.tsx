// @vitest-environment jsdom
/** Static pages: the list by brand, editing with a preview, refusals in the server's words, and back to the built-in text. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, refusal, renderAt, serve } from './testServer';

afterEach(() => vi.unstubAllGlobals());

const EDITOR_ME = { ...ADMIN_ME, email: 'ed@example.com', roles: ['editor'] };

function page(brand: string, brandName: string, slug: string, title: string, edited = false) {
  const path = slug === 'membership-terms' ? '/membership-terms' : `/${slug}/`;
  return { brand, brandName, slug, path, title, body: `<p>${title} of ${brandName}</p>`, edited, updatedAt: edited ? '2026-11-20T09:00:00+00:00' : null };
}

function pagesServer() {
  const terms = { current: page('gossip', 'The Scoop', 'terms', 'Terms of use') };
  const calls = serve((call) => {
    if (call.path === '/admin/api/me') return [200, EDITOR_ME];
    if (call.path === '/admin/api/static-pages') return [200, { pages: [page('main', 'The Masthead', 'privacy', 'Privacy policy'), terms.current] }];
    if (call.path === '/admin/api/static-pages/gossip/terms/preview') {
      const { body } = call.body as { body: string };
      return body.includes('<script') ? refusal(400, 'bad-request', 'The page was not changed: <script> is not allowed.') : [200, { html: `<html><body>${body}</body></html>` }];
    }
    if (call.path === '/admin/api/static-pages/gossip/terms') {
      if (call.method === 'PUT') terms.current = { ...terms.current, ...(call.body as object), edited: true, updatedAt: '2026-11-26T10:00:00+00:00' };
      if (call.method === 'DELETE') terms.current = page('gossip', 'The Scoop', 'terms', 'Terms of use');
      return [200, terms.current];
    }
    return undefined;
  });
  return calls;
}

describe('static pages', () => {
  it('lists each brand’s pages and leads to their editor', async () => {
    pagesServer();
    renderAt('/admin/pages');
    const scoop = (await screen.findByRole('heading', { name: 'The Scoop' })).closest('section')!;
    await userEvent.click(within(scoop).getByRole('link', { name: /Terms of use/ }));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Terms of use');
  });

  it('previews the text in a sandboxed frame without saving it', async () => {
    const calls = pagesServer();
    renderAt('/admin/pages/gossip/terms');
    const body = await screen.findByRole('textbox', { name: /Text \(HTML\)/ });
    await userEvent.clear(body);
    await userEvent.type(body, '<p>Be kind.</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = await screen.findByTitle('Preview of Terms of use');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Be kind.</p>');
    expect(screen.getByRole('heading', { name: 'Preview (not saved)' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says what the server refused in its words', async () => {
    pagesServer();
    renderAt('/admin/pages/gossip/terms');
    const body = await screen.findByRole('textbox', { name: /Text \(HTML\)/ });
    await userEvent.clear(body);
    await userEvent.type(body, '<script>x</script>');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The page was not changed: <script> is not allowed.')).toBeInTheDocument();
    expect(screen.queryByTitle('Preview of Terms of use')).not.toBeInTheDocument();
  });

  it('saves, then offers to bring back the built-in text after asking', async () => {
    const calls = pagesServer();
    renderAt('/admin/pages/gossip/terms');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'House rules');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The Scoop’s /terms/ shows the new text now.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ title: 'House rules', body: '<p>Terms of use of The Scoop</p>' });
    await userEvent.click(await screen.findByRole('button', { name: 'Bring back the built-in text' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bring back the built-in text?' });
    expect(within(dialog).getByRole('button', { name: 'Keep the edited text' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bring back the built-in text' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Terms of use'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('an empty title is refused before anything is sent', async () => {
    const calls = pagesServer();
    renderAt('/admin/pages/gossip/terms');
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Title' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the page’s title.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
