import { afterEach, describe, expect, it } from 'vitest';
import { chooseDisplay, fillFuelTank, isConversionPage, matchesUrl } from '../src/urlRules.js';

const HREF = 'https://shop.example.com/thanks?order=1';
const referred = { referredBy: { code: 'BOB', referredReward: { fuelTankCode: 'FUEL-1' } } };

describe('matchesUrl', () => {
  it.each([
    ['thanks', true],
    ['^https://shop\\.example\\.com/', true],
    ['/cart$', false],
    ['[unclosed', false],
    [42, false],
  ])('%j', (rule, expected) => {
    expect(matchesUrl(rule, HREF)).toBe(expected);
  });
});

describe('chooseDisplay', () => {
  it.each([
    ['no mappings', undefined, {}, false, { displayOnLoad: false, showAsCTA: false }],
    ['no mappings, displayOnLoad asked by the page', undefined, {}, true, { displayOnLoad: true, showAsCTA: false }],
    ['a CTA mapping', [{ url: 'thanks', widgetType: 'REFERRER_WIDGET', showAsCTA: true }], {}, false, { displayOnLoad: false, showAsCTA: true }],
    ['a displayOnLoad mapping', [{ url: 'thanks', displayOnLoad: true }], {}, false, { displayOnLoad: true, showAsCTA: false }],
    ['a mapping for another page', [{ url: 'cart', displayOnLoad: true, showAsCTA: true }], {}, false, { displayOnLoad: false, showAsCTA: false }],
    ['a conversion mapping, user not referred', [{ url: 'thanks', widgetType: 'CONVERSION_WIDGET', displayOnLoad: true, showAsCTA: true }], {}, false, { displayOnLoad: false, showAsCTA: false }],
    ['a conversion mapping, referredBy without code', [{ url: 'thanks', widgetType: 'CONVERSION_WIDGET', displayOnLoad: true }], { referredBy: {} }, false, { displayOnLoad: false, showAsCTA: false }],
    ['a conversion mapping, user referred', [{ url: 'thanks', widgetType: 'CONVERSION_WIDGET', displayOnLoad: true, showAsCTA: true }], referred, false, { displayOnLoad: true, showAsCTA: true }],
    ['the last matching mapping wins', [{ url: 'thanks', displayOnLoad: true, showAsCTA: true }, { url: 'shop', displayOnLoad: false }], {}, false, { displayOnLoad: false, showAsCTA: false }],
    ['a matching mapping overrides the page', [{ url: 'thanks' }], {}, true, { displayOnLoad: false, showAsCTA: false }],
    ['malformed entries are skipped', [null, 'thanks', { url: 5, showAsCTA: true }, { url: 'thanks', showAsCTA: 'yes' }], {}, false, { displayOnLoad: false, showAsCTA: false }],
  ])('%s', (_name, mappings, user, pageDisplayOnLoad, expected) => {
    expect(chooseDisplay(mappings, user, HREF, pageDisplayOnLoad)).toEqual(expected);
  });
});

describe('isConversionPage (jsOptions.conversionUrls)', () => {
  it.each([
    ['a referred user on a matching page', ['/cart', 'thanks'], referred, true],
    ['a user nobody referred', ['thanks'], {}, false],
    ['referredBy without a code', ['thanks'], { referredBy: {} }, false],
    ['no conversion page matches', ['/cart$', '[bad'], referred, false],
    ['no list', 'thanks', referred, false],
  ])('%s', (_name, urls, user, expected) => {
    expect(isConversionPage(urls, user, HREF)).toBe(expected);
  });
});

describe('fillFuelTank', () => {
  afterEach(() => document.body.replaceChildren());

  it('fills the form field with the fuel-tank code on a matching page', () => {
    document.body.innerHTML = '<input id="coupon"><input id="other">';
    fillFuelTank([{ url: 'cart', formSelector: '#other' }, { url: 'thanks', formSelector: '#coupon' }], referred, HREF);
    expect((document.getElementById('coupon') as HTMLInputElement).value).toBe('FUEL-1');
    expect((document.getElementById('other') as HTMLInputElement).value).toBe('');
  });

  it('does nothing for a user who was not referred, or for a missing field', () => {
    document.body.innerHTML = '<input id="coupon">';
    fillFuelTank([{ url: 'thanks', formSelector: '#coupon' }], {}, HREF);
    fillFuelTank([{ url: 'thanks', formSelector: '#nope' }, { url: 'thanks', formSelector: '[[' }], referred, HREF);
    expect((document.getElementById('coupon') as HTMLInputElement).value).toBe('');
  });
});
