// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { pushTrackingEvent } from './tracking';

const host = window as Window & { dataLayer?: unknown };

afterEach(() => {
  delete host.dataLayer;
});

describe('tracking events', () => {
  it('start the dataLayer when the page has none, then append to it', () => {
    pushTrackingEvent('profileCustomized', { fields: ['bio'] });
    pushTrackingEvent('articleview', { contentId: 'c-1' });
    expect(host.dataLayer).toEqual([
      { event: 'profileCustomized', fields: ['bio'] },
      { event: 'articleview', contentId: 'c-1' },
    ]);
  });

  it('keep what the publisher’s tag manager already pushed', () => {
    host.dataLayer = [{ event: 'gtm.js' }];
    pushTrackingEvent('newsletterSubscribed');
    expect(host.dataLayer).toEqual([{ event: 'gtm.js' }, { event: 'newsletterSubscribed' }]);
  });

  it('replace a dataLayer that is not a list', () => {
    host.dataLayer = 'broken';
    pushTrackingEvent('freeTrialStarted', { planId: 'sports-monthly' });
    expect(host.dataLayer).toEqual([{ event: 'freeTrialStarted', planId: 'sports-monthly' }]);
  });
});
