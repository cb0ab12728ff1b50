// @vitest-environment jsdom
/** The dashboard on the overview: the charts a member's roles may see, each with its legend, its numbers in a table and its CSV. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, refusal, renderAt, serve, type Call } from '../testServer';
import type { Chart } from './data';
import { periodOf, periodStart } from './Dashboard';

afterEach(() => vi.unstubAllGlobals());

const MONTHS = ['2026-09', '2026-10', '2026-11'];

function chart(id: Chart['chart'], overrides: Partial<Chart> = {}): Chart {
  return {
    chart: id,
    title: `Title of ${id}`,
    bucket: 'month',
    start: '2026-09-01',
    end: '2026-11-30',
    buckets: MONTHS,
    unit: 'members',
    currency: null,
    stacked: true,
    series: [
      { key: 'a', label: 'First series', values: [1, 2, 3] },
      { key: 'b', label: 'Second series', values: [4, 0, 6] },
    ],
    note: `How ${id} counts.`,
    ...overrides,
  };
}

const REVENUE = chart('revenue', {
  title: 'Revenue per month',
  unit: 'cents',
  currency: 'USD',
  series: [
    { key: 'net', label: 'Net revenue', values: [123456, 0, 500] },
    { key: 'refunded', label: 'Refunded', values: [499, 0, 0] },
  ],
});

function dashboardServer(roles: string[], failing: string | null = null) {
  return serve((call: Call) => {
    if (call.path === '/admin/api/me') return [200, { ...ADMIN_ME, roles }];
    const id = call.path.replace('/admin/api/dashboard/', '') as Chart['chart'];
    if (!call.path.startsWith('/admin/api/dashboard/')) return undefined;
    if (id === failing) return refusal(500, 'server-error', 'The chart could not be drawn.');
    if (id === 'revenue') return [200, REVENUE];
    if (id === 'referral-conversions') return [200, chart(id, { stacked: false, title: 'Referral conversions' })];
    return [200, chart(id, id === 'members-by-status' ? { title: 'Members by status' } : {})];
  });
}

describe('the dashboard', () => {
  it('shows an editor every chart but revenue, each with its legend, numbers and CSV', async () => {
    const calls = dashboardServer(['editor']);
    renderAt('/admin');
    const members = (await screen.findByRole('heading', { level: 3, name: 'Members by status' })).closest('section')!;
    expect(within(members).getByRole('img', { name: /^Stacked bar chart of Members by status, Sep 2026 to Nov 2026\./ })).toBeTruthy();
    expect(within(members).getByText('How members-by-status counts.')).toBeTruthy();
    const legend = within(members).getByRole('list', { name: 'Legend of Members by status' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['First series', 'Second series']);
    const table = within(members).getByRole('table', { name: 'Members by status' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'First series', 'Second series', 'Total']);
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('Sep 2026145');
    const csv = within(members).getByRole('link', { name: 'Download CSV of Members by status' });
    expect(csv.getAttribute('href')).toBe('/admin/api/dashboard/members-by-status.csv');
    expect(csv.hasAttribute('download')).toBe(true);

    await screen.findByRole('heading', { level: 3, name: 'Referral conversions' });
    expect(screen.getByRole('img', { name: /^Line chart of Referral conversions/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Comment activity' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Revenue per month' })).toBeNull();
    expect(calls.some((call) => call.path.includes('revenue'))).toBe(false);
  });

  it('shows marketing the revenue in dollars', async () => {
    dashboardServer(['marketing']);
    renderAt('/admin');
    const revenue = (await screen.findByRole('heading', { level: 3, name: 'Revenue per month' })).closest('section')!;
    const table = within(revenue).getByRole('table', { name: 'Revenue per month' });
    const first = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(first).toEqual(['$1,234.56', '$4.99', '$1,239.55']);
  });

  it('asks for the months chosen, and keeps them in the address', async () => {
    const calls = dashboardServer(['support']);
    renderAt('/admin');
    await screen.findByRole('heading', { level: 3, name: 'Members by status' });
    await userEvent.selectOptions(screen.getByLabelText('Months shown'), 'The last 24 months');
    const from = periodStart(24);
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/members-by-status') && call.query.get('from') === from)).toBe(true));
    expect(window.location.search).toBe('?months=24');
    // The daily chart keeps its 30 days.
    expect(calls.filter((call) => call.path.endsWith('/new-members')).every((call) => !call.query.has('from'))).toBe(true);
    const members = screen.getByRole('heading', { level: 3, name: 'Members by status' }).closest('section')!;
    await waitFor(() =>
      expect(within(members).getByRole('link', { name: /Download CSV/ }).getAttribute('href')).toBe(`/admin/api/dashboard/members-by-status.csv?from=${from}`),
    );
  });

  it('says so when a chart cannot be drawn, and draws the others', async () => {
    // A 500 is asked again three times, 1, 2 and 4 s apart (api/queryClient.ts): the clock
    // jumps over those waits instead of the test sitting through them.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      dashboardServer(['support'], 'trials');
      renderAt('/admin');
      await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
      expect(await screen.findByText('The chart could not be drawn.')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 3, name: 'Members by status' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the period', () => {
  it('comes from the address, 12 months unless one of the choices', () => {
    expect(periodOf(new URLSearchParams('months=6'))).toBe(6);
    expect(periodOf(new URLSearchParams('months=7'))).toBe(12);
    expect(periodOf(new URLSearchParams(''))).toBe(12);
  });

  it('starts on the first day of the month, this one counted', () => {
    expect(periodStart(12, new Date('2026-11-22T12:00:00Z'))).toBe('2025-12-01');
    expect(periodStart(6, new Date('2026-03-31T23:00:00Z'))).toBe('2025-10-01');
  });
});
