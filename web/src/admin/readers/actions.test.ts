import { describe, expect, it } from 'vitest';
import { applicable, cancelText, revokeSessionsText } from './actions';
import type { ReaderPage } from './data';

function page(changes: Partial<ReaderPage> = {}, status: Partial<ReaderPage['status']> = {}): ReaderPage {
  const base: ReaderPage = {
    reader: { id: 7, email: 'ada@example.com', tracking_id: 't', full_name: 'Ada Lovelace', display_name: '', email_verified: true, created_at: '2026-11-01T09:00:00Z' },
    profile: {},
    sessions: [],
    live_sessions: 2,
    status: {
      status: 'Active',
      is_member: true,
      reason: 'A subscription in good standing.',
      payment_message: null,
      home_delivery: false,
      home_delivery_message: null,
      access_until: null,
      free_trial_until: null,
      pause_enabled: true,
      ...status,
    },
    live_subscription_id: 'sub1',
    subscriptions: [
      { id: 'sub1', plan_id: 'sports-annual', plan_name: 'Annual', state: 'active', price: '39.99', trial: false, next_billing_date: '2027-11-22', paid_through_date: '2027-11-21', ends: null, follows_on: null },
    ],
    payments: [],
    payment_methods: [],
    payment_methods_error: null,
    home_delivery: { active: false, started_at: null, ended_at: null },
    referrals: { participant: false, referral_code: null, referred_by: null, referred: [] },
  };
  return { ...base, ...changes };
}

describe('what a reader page offers', () => {
  it('the membership actions only for a running membership, pausing only while the flag is on and not paused', () => {
    expect(applicable(page())).toMatchObject({ cancel: true, pause: true });
    expect(applicable(page({}, { pause_enabled: false }))).toMatchObject({ cancel: true, pause: false });
    expect(applicable(page({}, { status: 'Active_Paused' }))).toMatchObject({ pause: false });
    expect(applicable(page({ live_subscription_id: null }))).toMatchObject({ cancel: false, pause: false });
  });

  it('the account actions that apply', () => {
    expect(applicable(page())).toMatchObject({ resendVerification: false, revokeSessions: true, grantHomeDelivery: true, revokeHomeDelivery: false });
    const other = page({ live_sessions: 0, home_delivery: { active: true, started_at: null, ended_at: null } });
    other.reader = { ...other.reader, email_verified: false };
    expect(applicable(other)).toMatchObject({ resendVerification: true, revokeSessions: false, grantHomeDelivery: false, revokeHomeDelivery: true });
  });

  it('says what a confirmation will do', () => {
    expect(cancelText(page())).toBe(
      "The reader's Annual membership ends: they are not charged again, and they are mailed a confirmation. They keep access until November 21, 2027, the last day paid for.",
    );
    expect(cancelText(page({ subscriptions: [] }))).toBe("The reader's membership ends: they are not charged again, and they are mailed a confirmation.");
    expect(revokeSessionsText(page())).toBe('The reader is signed out on every device (2 live sessions). They can sign in again with their password.');
  });
});
