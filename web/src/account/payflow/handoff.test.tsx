// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipResponse } from '../../api/billing';
import { createQueryClient } from '../../api/queryClient';
import { serveReader } from '../../test/accountApi';
import { rawPlan } from '../../test/plans';
import { App } from '../App';
import { REDIRECT_STORAGE_KEY } from '../redirect';
import { Confirmation } from './Confirmation';
import { isPayflowTarget, payflowHref, readHandoff } from './handoff';

const HOSTS = ['127.0.0.1', 'nypost.com'];
const STORY = '/2026/11/22/a-story/';

describe('the payflow hand-off', () => {
  it('links to the payflow with the plan and the story, and reads them back', () => {
    const href = payflowHref('sports-annual', STORY);
    expect(href).toBe('/account/subscribe?plan=sports-annual&redirect=%2F2026%2F11%2F22%2Fa-story%2F');
    expect(readHandoff(new URL(href, 'http://127.0.0.1').search, HOSTS)).toEqual({ planId: 'sports-annual', story: STORY });
    expect(payflowHref(null, null)).toBe('/account/subscribe');
  });

  it.each([
    ['https://evil.example/2026/11/22/a-story/', null],
    ['//evil.example/x', null],
    ['javascript:alert(1)', null],
    ['/account/login', null],
    ['https://nypost.com/2026/11/22/a-story/', 'https://nypost.com/2026/11/22/a-story/'],
  ])('keeps a story only under the redirect rules: %s', (story, kept) => {
    expect(readHandoff(`?${new URLSearchParams({ plan: 'sports-annual', redirect: story }).toString()}`, HOSTS).story).toBe(kept);
  });

  it('ignores a plan that is no plan id', () => {
    expect(readHandoff('?plan=%3Cscript%3E', HOSTS).planId).toBeNull();
  });

  it.each([
    ['/account/subscribe?plan=sports-annual&redirect=%2Fx%2F', true],
    ['/account/appsubscribe', true],
    ['https://127.0.0.1/account/subscribe', true],
    ['/account/settings', false],
    ['/2026/11/22/a-story/', false],
    [null, false],
  ])('tells the payflow among login targets: %s', (target, expected) => {
    expect(isPayflowTarget(target)).toBe(expected);
  });
});

describe('the confirmation', () => {
  const plan = rawPlan('sports-annual', { name: 'Annual', frequency: 12, amount: '39.99' });

  it('offers the way back to the story that sent the reader', () => {
    render(
      <MemoryRouter>
        <Confirmation plan={plan} trialStarted={false} subscription={null} story={STORY} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Back to the story' })).toHaveAttribute('href', STORY);
  });

  it('has no such link without a story', () => {
    render(
      <MemoryRouter>
        <Confirmation plan={plan} trialStarted={false} subscription={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Back to the story' })).not.toBeInTheDocument();
  });
});

const noMembership: MembershipResponse = { status: 'None', isMember: false, activeSubscription: null, paymentMessage: null, membershipEnabled: true, pauseEnabled: true, pausedLength: null };

function open(path: string) {
  window.history.replaceState({}, '', path);
  render(<App queryClient={createQueryClient()} config={{ allowedRedirectHosts: HOSTS }} />);
}

describe('a reader sent by a call to action', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is invited to create an account on the login page, the plan and story kept', async () => {
    serveReader(noMembership, [], { loggedIn: false });
    const payflow = payflowHref('sports-annual', STORY);
    open(payflow); // the guard sends the anonymous reader to log in
    const lead = await screen.findByText(/To become a member/);
    expect(window.location.pathname).toBe('/account/login');
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    const href = `/account/register?${new URLSearchParams({ redirect: payflow }).toString()}`;
    expect(within(lead).getByRole('link', { name: 'create an account' })).toHaveAttribute('href', href);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', href);
  });

  it('who logs in for anything else is welcomed back', async () => {
    serveReader(noMembership, [], { loggedIn: false });
    window.localStorage.setItem(REDIRECT_STORAGE_KEY, '/account/settings/display');
    open('/account/login');
    expect(await screen.findByText('Welcome back. Log in to manage your account.')).toBeInTheDocument();
  });

  it('finds the chosen plan preselected in the payflow', async () => {
    const plans = {
      'sports-monthly': rawPlan('sports-monthly', { name: 'Monthly' }),
      'sports-annual': rawPlan('sports-annual', { name: 'Annual', frequency: 12, amount: '39.99', card_heading: 'Flexible Annually' }),
    };
    serveReader(noMembership, [], { plans });
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      url.startsWith('/wp-json/nyp-membership/v1/prepare-customer')
        ? new Response(JSON.stringify({ customer_id: 'reader-1', client_token: 'token' }), { status: 200 })
        : served(url, init),
    );
    open(payflowHref('sports-annual', STORY));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pay by card' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Flexible Annually' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $39.99' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Membership plans' })).not.toBeInTheDocument();
  });

  it('sees the plan cards when the chosen plan is not offered', async () => {
    serveReader(noMembership, [], { plans: { 'sports-monthly': rawPlan('sports-monthly') } });
    open(payflowHref('retired-plan', STORY));
    expect(await screen.findByRole('list', { name: 'Membership plans' })).toBeInTheDocument();
  });
});
