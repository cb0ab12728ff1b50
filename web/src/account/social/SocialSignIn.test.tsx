// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { App } from '../App';
import { SOCIAL_LOGIN_FAILURE } from './texts';

/** A fake server: logged out, the three providers offered. */
function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request) => {
      const url = typeof input === 'string' ? input : input.url;
      if (new URL(url, 'http://localhost').pathname === '/blaize/oauth') {
        return new Response(JSON.stringify({ providers: ['google', 'facebook', 'apple'] }), { status: 200 });
      }
      return new Response(JSON.stringify({ type: 'unauthorized', message: 'Log in first.' }), { status: 401 });
    }),
  );
}

beforeEach(() => {
  window.history.replaceState({}, '', '/account/login');
  window.localStorage.clear();
  serve();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function clickGoogle() {
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1', 'localhost'] }} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
}

describe('social sign-in buttons', () => {
  it('open a 500×600 popup with a fresh state, and clear the loading state after 5 s', async () => {
    // The popup stands for itself as this window: a message from it has a real source.
    const open = vi.fn(() => window);
    vi.stubGlobal('open', open);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await clickGoogle();
    const [url, , features] = open.mock.calls[0] as unknown as [string, string, string];
    expect(url).toMatch(/^\/blaize\/oauth\/google\?state=[0-9a-f]{32}$/);
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
    expect(screen.getByRole('button', { name: 'Waiting for Google…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(4_500));
    expect(screen.getByRole('button', { name: 'Waiting for Google…' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it("show the spec's failure text when the popup reports an error", async () => {
    vi.stubGlobal('open', vi.fn(() => window));
    await clickGoogle();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { action: 'error', message: 'Signing in with Google was cancelled.', state: '' },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    expect(await screen.findByText(SOCIAL_LOGIN_FAILURE)).toBeInTheDocument();
    expect(screen.getByText('Signing in with Google was cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('ignore a message from another origin', async () => {
    vi.stubGlobal('open', vi.fn(() => window));
    await clickGoogle();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { action: 'error', message: 'x' }, origin: 'https://evil.example', source: window }),
      );
    });
    expect(screen.queryByText(SOCIAL_LOGIN_FAILURE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Waiting for Google…' })).toBeDisabled();
  });

  it('say so when the browser blocks the popup', async () => {
    vi.stubGlobal('open', vi.fn(() => null));
    await clickGoogle();
    expect(await screen.findByText('Please allow pop-ups for this site and try again.')).toBeInTheDocument();
  });
});
