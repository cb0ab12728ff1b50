import { useState } from 'react';
import { Button } from '../../ui/Button';
import { applicable } from './actions';
import { ConfirmDialog } from './ConfirmDialog';
import { grantHomeDelivery, revokeHomeDelivery, type ReaderPage } from './data';
import { day } from './format';
import { SectionNotice, type SectionProps } from './SectionNotice';

/** Print home delivery: with it the sports membership is free; granting or revoking it
 * does what the print system's own call does. */
export function HomeDeliverySection({ page, act, notice }: SectionProps) {
  const can = applicable(page);
  const [confirming, setConfirming] = useState(false);
  const delivery = page.home_delivery;
  const granting = can.grantHomeDelivery;

  return (
    <section className="card" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">Home delivery</h2>
      <p>
        {delivery.active
          ? `Active since ${day(delivery.started_at)}: the sports membership is free.`
          : delivery.ended_at
            ? `Ended ${day(delivery.ended_at)}.`
            : 'The reader does not have print home delivery.'}
      </p>
      <SectionNotice notice={notice} section="home-delivery" />
      <div className="admin-actions">
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {granting ? 'Grant home delivery' : 'Revoke home delivery'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={granting ? 'Grant home delivery?' : 'Revoke home delivery?'}
        description={
          granting
            ? 'The sports membership becomes free once the reader’s address is verified; a membership they pay for is cancelled, with no further charge.'
            : 'The free sports membership ends now, and the reader is mailed that it has.'
        }
        confirmLabel={granting ? 'Grant' : 'Revoke'}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await act('home-delivery', () => (granting ? grantHomeDelivery(page.reader.id) : revokeHomeDelivery(page.reader.id)));
          setConfirming(false);
        }}
      />
    </section>
  );
}

type Referral = ReaderPage['referrals']['referred'][number];

function ReferralFacts({ referral }: { referral: Referral }) {
  const who = referral.name || referral.email || 'Someone';
  return (
    <>
      <p className="admin-rows__title">
        {who}
        {referral.email && referral.name && <span className="admin-note"> ({referral.email})</span>}
      </p>
      <p className="admin-rows__meta">
        {referral.programme} · {referral.status === 'CONVERTED' ? `converted ${day(referral.converted_at)}` : 'pending'} · since {day(referral.created_at)}
        {referral.reward && ` · reward: ${referral.reward}`}
      </p>
    </>
  );
}

/** The referral programme: who referred the reader, and whom they referred. */
export function ReferralsSection({ page }: Pick<SectionProps, 'page'>) {
  const referrals = page.referrals;
  return (
    <section className="card" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading">Referrals</h2>
      {!referrals.participant ? (
        <p>The reader has not joined the referral programme.</p>
      ) : (
        <>
          <p>
            Referral code <code>{referrals.referral_code}</code>.
          </p>
          <h3 className="admin-subheading">Referred by</h3>
          {referrals.referred_by ? (
            <div className="admin-rows">
              <ReferralFacts referral={referrals.referred_by} />
            </div>
          ) : (
            <p>Nobody.</p>
          )}
          <h3 className="admin-subheading">Referred</h3>
          {referrals.referred.length === 0 ? (
            <p>Nobody yet.</p>
          ) : (
            <ul className="admin-rows">
              {referrals.referred.map((referral) => (
                <li key={`${referral.created_at}-${referral.email ?? referral.name}`}>
                  <ReferralFacts referral={referral} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
