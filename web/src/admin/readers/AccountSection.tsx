import { useState } from 'react';
import { Button } from '../../ui/Button';
import { formatMoment } from '../format';
import { applicable, revokeSessionsText } from './actions';
import { ConfirmDialog } from './ConfirmDialog';
import { resendVerification, revokeSessions, sendPasswordReset } from './data';
import { count, profileValue } from './format';
import { SectionNotice, type SectionProps } from './SectionNotice';

/** Signing in: the address and its verification, the password, and the sessions (when and
 * on what, never a token). */
export function AccountSection({ page, act, actNow, notice }: SectionProps) {
  const can = applicable(page);
  const [confirming, setConfirming] = useState(false);
  const reader = page.reader;

  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">Signing in</h2>
      <dl className="admin-facts">
        <div>
          <dt>Email</dt>
          <dd>
            {reader.email} ({reader.email_verified ? 'verified' : 'not verified'})
          </dd>
        </div>
        <div>
          <dt>Tracking ID</dt>
          <dd>
            <code>{reader.tracking_id}</code>
          </dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{formatMoment(reader.created_at)}</dd>
        </div>
      </dl>
      <SectionNotice notice={notice} section="account" />
      <div className="admin-actions">
        {can.resendVerification && (
          <Button variant="secondary" onClick={() => actNow('account', () => resendVerification(reader.id))}>
            Resend verification link
          </Button>
        )}
        <Button variant="secondary" onClick={() => actNow('account', () => sendPasswordReset(reader.id))}>
          Send password reset link
        </Button>
      </div>

      <h3 className="admin-subheading">Sessions</h3>
      <p>{page.live_sessions === 0 ? 'Signed in nowhere.' : `Signed in on ${count(page.live_sessions, 'device')}.`}</p>
      {page.sessions.length > 0 && (
        <ul className="admin-rows">
          {page.sessions.map((session) => (
            <li key={session.id}>
              <p className="admin-rows__title">
                {session.device}
                {session.live && <span className="admin-badge">Signed in</span>}
              </p>
              <p className="admin-rows__meta">
                Since {formatMoment(session.created_at)}
                {session.revoked_at
                  ? `; signed out ${formatMoment(session.revoked_at)}`
                  : session.live
                    ? `; until ${formatMoment(session.expires_at)}`
                    : `; expired ${formatMoment(session.expires_at)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {can.revokeSessions && (
        <div className="admin-actions">
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Sign out everywhere
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign the reader out everywhere?"
        description={revokeSessionsText(page)}
        confirmLabel="Sign out everywhere"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await act('account', () => revokeSessions(reader.id));
          setConfirming(false);
        }}
      />
    </section>
  );
}

/** Every profile key (spec section 3), folded away: long, and rarely what support needs. */
export function ProfileSection({ page }: Pick<SectionProps, 'page'>) {
  const entries = Object.entries(page.profile);
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <details className="admin-details">
        <summary>All {entries.length} profile fields</summary>
        <dl className="admin-profile">
          {entries.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{profileValue(value)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
