import { describe, expect, it } from 'vitest';
import type { RawPlan } from '../../api/billing';
import { ApiError } from '../../api/client';
import { paymentMethod } from '../../test/paymentMethods';
import { alertMessages } from '../membership/alerts';
import { subscribeErrorMessage } from './Payflow';
import { amountNumber, cardMessage, formatServerDate, priceWording } from './texts';

const monthly = { id: 'sports-monthly', amount: '4.99', frequency: 1, trial_duration: 7, trial_duration_unit: 'day' } as RawPlan;
const annual = { id: 'sports-annual', amount: '39.99', frequency: 12, trial_duration: 0, trial_duration_unit: 'day' } as RawPlan;

describe('payflow texts', () => {
  it('words prices and trials', () => {
    expect(priceWording(monthly)).toBe('7-day free trial, then $4.99 every month.');
    expect(priceWording(monthly, true)).toBe('$4.99 every month.');
    expect(priceWording(annual)).toBe('$39.99 every year.');
    expect(priceWording({ ...annual, frequency: 6, amount: '24.99' })).toBe('$24.99 every 6 months.');
  });

  it('reads amounts as numbers after removing commas', () => {
    expect(amountNumber('1,299.99')).toBe(1299.99);
    expect(amountNumber('4.99')).toBe(4.99);
    expect(amountNumber('abc')).toBeNaN();
  });

  it('formats server dates in UTC', () => {
    expect(formatServerDate({ date: '2030-01-02 00:00:00.000000' })).toBe('January 2, 2030');
    expect(formatServerDate('2030-06-30')).toBe('June 30, 2030');
    expect(formatServerDate(null)).toBeNull();
  });

  it('has the card messages word for word', () => {
    expect(cardMessage('Visa', '1111', false)).toBe('Your credit card is about to expire. Please update your Visa ending in 1111.');
    expect(cardMessage('Visa', '1111', true)).toBe('Your credit card has expired. Please update your Visa ending in 1111.');
  });

  it("shows the server's subscribe error, else the generic sentence", () => {
    expect(subscribeErrorMessage(new ApiError('Do Not Honor', 402, 'payment-declined'))).toBe('Do Not Honor');
    expect(subscribeErrorMessage(new ApiError('Already a member.', 409, 'already-subscribed'))).toBe('Already a member.');
    expect(subscribeErrorMessage(new ApiError('An unknown error occurred.', 500, 'unknown'))).toBe(
      'It looks like there was an error subscribing, please try again later.',
    );
    expect(subscribeErrorMessage(new Error('x'))).toBe('It looks like there was an error subscribing, please try again later.');
  });
});

describe('membership alert bar', () => {
  it('shows the payment message and the card message', () => {
    expect(alertMessages(null, [paymentMethod()])).toEqual([]);
    expect(alertMessages('Your membership billing is past due. Please update your payment method to continue.', [paymentMethod({ expired: true })])).toEqual([
      'Your membership billing is past due. Please update your payment method to continue.',
      'Your credit card has expired. Please update your Visa ending in 1111.',
    ]);
    expect(alertMessages(null, [paymentMethod({ has_active_subscription: false, default: true, expiring_soon: true, card_type: 'Mastercard', last_4: '4444' })])).toEqual([
      'Your credit card is about to expire. Please update your Mastercard ending in 4444.',
    ]);
  });
});
