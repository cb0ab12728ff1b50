// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { App } from '../App';

type Reply = { status: number; body: unknown };

/** A fake server: the data layer says logged out, login answers what the test says. */
function serve(loginReply: Reply) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const reply: Reply = url.startsWith('/blaize/login')
        ? loginReply
        : { status: 401, body: { type: 'unauthorized', message: 'Log in first.' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}

async function logIn() {
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: ['127.0.0.1', 'localhost'] }} />);
  await userEvent.type(await screen.findByLabelText('Email address'), 'reader@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Password1');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  window.history.replaceState({}, '', '/account/login');
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('login errors', () => {
  it.each([
    [404, { type: 'user-not-found', message: 'x' }],
    [401, { type: 'invalid-password', message: 'x' }],
  ])('%i %j → the wrong email or password message', async (status, body) => {
    serve({ status, body });
    await logIn();
    expect(await screen.findByText('Sorry, this is the wrong email or password.')).toBeInTheDocument();
  });

  it('an unverified email gets the spec text followed by a link to reset', async () => {
    serve({ status: 401, body: { type: 'email-not-verified', title: 'email-verification-is-required', message: 'x' } });
    await logIn();
    const alert = await screen.findByText(/Sorry, this email has not been verified\./);
    expect(alert.textContent).toBe('Sorry, this email has not been verified. Please check your email or reset your password.');
    expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/account/forgot-password');
  });

  it('too many attempts shows the server words', async () => {
    serve({ status: 429, body: { type: 'too-many-requests', message: 'Too many attempts. Try again in 5 minutes.' } });
    await logIn();
    expect(await screen.findByText('Too many attempts. Try again in 5 minutes.')).toBeInTheDocument();
  });
});
