import { describe, expect, it } from 'vitest';
import { priceChangeText } from './homeDelivery';

describe('priceChangeText', () => {
  it('says the new price and the day it starts', () => {
    expect(priceChangeText({ priceChange: { amount: '5.99', date: '2027-01-15' } })).toBe('Your price changes to $5.99 on January 15, 2027.');
  });

  it('says nothing without a scheduled change', () => {
    expect(priceChangeText({ priceChange: null })).toBeNull();
    expect(priceChangeText({})).toBeNull();
  });
});
