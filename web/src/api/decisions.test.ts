import { describe, expect, it } from 'vitest';
import { parseCancelOffer } from './decisions';

const OFFER = { subscriptionId: 's1', discountId: 'stay-monthly-3', heading: 'Before you go', text: 'Stay', acceptLabel: 'Accept offer', priceWithDiscount: '2.99' };

describe('the cancel-flow-offer answer', () => {
  it('gives the offer when it is whole', () => {
    expect(parseCancelOffer({ offer: OFFER })).toEqual({ subscriptionId: 's1', discountId: 'stay-monthly-3', heading: 'Before you go', text: 'Stay', acceptLabel: 'Accept offer' });
  });

  it.each<unknown>([{ offer: null }, {}, null, 'offer', { offer: { ...OFFER, discountId: 3 } }, { offer: { ...OFFER, heading: '' } }])('gives no offer for %o', (value) => {
    expect(parseCancelOffer(value)).toBeNull();
  });
});
