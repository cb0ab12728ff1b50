// @vitest-environment jsdom
/** The marketing screens against a fake API: a rule moved and switched off, a plan refused and saved. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, refusal, renderAt, serve } from '../testServer';

afterEach(() => vi.unstubAllGlobals());

const ME = { ...ADMIN_ME, roles: ['marketing'] };

function rule(id: number, priority: number, description: string, enabled = true) {
  return { id, feature: 'cancel-flow-offer', priority, enabled, description, conditions: { statuses: ['Active'] }, output: { discountId: 'stay' }, updatedAt: '2026-11-22T12:00:00Z' };
}

const PLAN = {
  id: 'sports-monthly',
  name: 'Monthly',
  product_id: 'sports-membership',
  frequency: 1,
  amount: '4.99',
  normal_amount: '4.99',
  first_billing_date: null,
  next_billing_date: null,
  step_up_amount: null,
  step_up_date: null,
  trial_duration: 7,
  trial_duration_unit: 'day',
  featured: false,
  card_heading: '',
  curation: '',
  position: 1,
  enabled: true,
  members: 2,
};

describe('the decision rules screen', () => {
  it('moves a rule up and switches one off, keeping the keyboard where it was', async () => {
    let rules = [rule(6, 100, 'Monthly members'), rule(7, 110, 'Six-month members')];
    const calls = serve((call) => {
      if (call.path === '/admin/api/me') return [200, ME];
      if (call.path === '/admin/api/plans') return [200, { plans: [PLAN] }];
      if (call.path === '/admin/api/discounts') return [200, { discounts: [] }];
      if (call.method === 'GET' && call.path === '/admin/api/decision-rules') return [200, { rules }];
      if (call.path === '/admin/api/decision-rules/order') {
        const order = (call.body as { rules: number[] }).rules;
        rules = order.map((id, index) => ({ ...rules.find((item) => item.id === id)!, priority: 100 + 10 * index }));
        return [200, { rules }];
      }
      if (call.path === '/admin/api/decision-rules/6/enabled') {
        rules = rules.map((item) => (item.id === 6 ? { ...item, enabled: false } : item));
        return [200, rules.find((item) => item.id === 6)];
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/admin/decision-rules');
    const section = await screen.findByRole('region', { name: 'Offer in the cancel dialog' });
    await within(section).findByText('1. Monthly members');
    await user.click(within(section).getByRole('button', { name: 'Move “Six-month members” up' }));
    await within(section).findByText('1. Six-month members');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ feature: 'cancel-flow-offer', rules: [7, 6] });
    expect(within(section).getByRole('status')).toHaveTextContent('“Six-month members” is now number 1.');
    // At the top its "Move up" is gone: the keyboard is on its "Move down".
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Move “Six-month members” down' })).toHaveFocus());

    await user.click(within(section).getByRole('button', { name: 'Switch off “Monthly members”' }));
    await within(section).findByRole('button', { name: 'Switch on “Monthly members”' });
    expect(within(section).getByRole('status')).toHaveTextContent('“Monthly members” is switched off.');
  });
});

describe('the plan editor', () => {
  it('refuses a price of nothing before sending, and sends the plan without its id', async () => {
    const calls = serve((call) => {
      if (call.path === '/admin/api/me') return [200, ME];
      if (call.method === 'GET' && call.path === '/admin/api/plans/sports-monthly') return [200, PLAN];
      if (call.method === 'PUT' && call.path === '/admin/api/plans/sports-monthly') {
        const body = call.body as { amount: string };
        if (body.amount === '3.00') return refusal(400, 'invalid-plan', 'The regular price ($2.00) cannot be below the price ($3.00).');
        return [200, { ...PLAN, ...body }];
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/admin/plans/sports-monthly');
    await screen.findByText(/2 members are on this plan/);
    const price = screen.getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Save the plan' }));
    expect(await screen.findByText('Enter a price more than 0, with at most 2 decimals, such as 4.99.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(price);
    await user.type(price, '3.00');
    await user.clear(screen.getByLabelText('Regular price'));
    await user.click(screen.getByRole('button', { name: 'Save the plan' }));
    expect(await screen.findByText('The regular price ($2.00) cannot be below the price ($3.00).')).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '5.49');
    await user.click(screen.getByRole('button', { name: 'Save the plan' }));
    expect(await screen.findByText('The plan Monthly is saved.')).toBeInTheDocument();
    const sent = calls.filter((call) => call.method === 'PUT').at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ amount: '5.49', normal_amount: null, frequency: 1, trial_duration: 7 });
    expect(sent).not.toHaveProperty('id');
    expect(sent).not.toHaveProperty('members');
  });
});
