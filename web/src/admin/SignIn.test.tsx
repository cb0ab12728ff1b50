// @vitest-environment jsdom
/** Staff sign-in as a person goes through it: password, then a code or the first enrolment. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, refusal, renderAt, serve, type Reply } from './testServer';

afterEach(() => vi.unstubAllGlobals());

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

/** Nobody is signed in until a code step succeeds. */
function stranger(answers: Record<string, Reply>) {
  let signedIn = false;
  const calls = serve((call) => {
    const key = `${call.method} ${call.path}`;
    if (key === 'GET /admin/api/me') return signedIn ? [200, ADMIN_ME] : refusal(401, 'unauthorized', 'Please sign in to the staff console.');
    const reply = answers[key];
    if (reply && reply[0] === 200 && (key === 'POST /admin/api/session/code' || key === 'POST /admin/api/session/enrolment')) signedIn = true;
    return reply;
  });
  return calls;
}

async function enterPassword(email = 'boss@example.com', password = 'Masthead-Staff-1') {
  await userEvent.type(await screen.findByLabelText('Email address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('staff sign-in', () => {
  it('a stranger at a console page signs in with password and code and lands where they were going', async () => {
    const calls = stranger({
      'POST /admin/api/session': [200, { next: 'code' }],
      'POST /admin/api/session/code': [200, { me: ADMIN_ME }],
      'GET /admin/api/audit': [200, { items: [], next: null }],
    });
    renderAt('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(window.location.search).toBe('?next=%2Fadmin%2Faudit');
    await enterPassword();
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/audit');
    expect(calls.find((call) => call.path === '/admin/api/session')?.body).toEqual({ email: 'boss@example.com', password: 'Masthead-Staff-1' });
    expect(calls.find((call) => call.path === '/admin/api/session/code')?.body).toEqual({ code: '123456' });
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
  });

  it('shows the server words for a wrong password, and checks the form first', async () => {
    stranger({ 'POST /admin/api/session': refusal(401, 'invalid-credentials', 'The email or password is wrong.') });
    renderAt('/admin/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your email address and your password.')).toBeInTheDocument();
    await enterPassword('boss@example.com', 'wrong');
    expect(await screen.findByText('The email or password is wrong.')).toBeInTheDocument();
  });

  it('a recovery code is sent the way the server wrote it; a wrong code shows the server words', async () => {
    const calls = stranger({
      'POST /admin/api/session': [200, { next: 'code' }],
      'POST /admin/api/session/code': refusal(400, 'invalid-code', 'That code is not right. Try the newest code from your app.'),
    });
    renderAt('/admin/sign-in');
    await enterPassword();
    await userEvent.type(await screen.findByLabelText('Code'), 'ABCD EFGH JKMN');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That code is not right. Try the newest code from your app.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/admin/api/session/code')?.body).toEqual({ code: 'abcd-efgh-jkmn' });
  });

  it('a pending sign-in that ended (401) starts again at the password with the server words', async () => {
    stranger({
      'POST /admin/api/session': [200, { next: 'code' }],
      'POST /admin/api/session/code': refusal(401, 'unauthorized', 'Your sign-in has expired. Please start again.'),
    });
    renderAt('/admin/sign-in');
    await enterPassword();
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your sign-in has expired. Please start again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
  });

  it('an account whose app was reset meanwhile (409 not-enrolled) goes on to enrolment', async () => {
    stranger({
      'POST /admin/api/session': [200, { next: 'code' }],
      'POST /admin/api/session/code': refusal(409, 'not-enrolled', 'Set up your authenticator app first.'),
      'GET /admin/api/session/enrolment': [200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_svg: SVG }],
    });
    renderAt('/admin/sign-in');
    await enterPassword();
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  });

  it('first sign-in: enrolment with the QR code as an image and the key as text, then the recovery codes', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `abcd-efgh-ij${String.fromCharCode(97 + index)}${String.fromCharCode(97 + index)}`);
    const calls = stranger({
      'POST /admin/api/session': [200, { next: 'enrol' }],
      'GET /admin/api/session/enrolment': [200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Masthead:boss?secret=JBSWY3DPEHPK3PXP', qr_svg: SVG }],
      'POST /admin/api/session/enrolment': [200, { recovery_codes: codes }],
    });
    renderAt('/admin/sign-in');
    await enterPassword();
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(document.querySelector('svg')).toBeNull(); // never the server's markup in the page
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the setup link in it' })).toHaveAttribute('href', expect.stringMatching(/^otpauth:/));

    await userEvent.type(screen.getByLabelText('Code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    expect(within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((call) => call.method === 'POST' && call.path === '/admin/api/session/enrolment')?.body).toEqual({ code: '123456' });
    // The codes stay until the person says they kept them.
    await userEvent.click(screen.getByRole('button', { name: 'Continue to the console' }));
    expect(await screen.findByText(/Tick the box once you have saved the codes/)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('I have saved these codes'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to the console' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin'));
  });
});
