import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/TextArea';
import { ConfirmDialog } from './ConfirmDialog';
import { PAUSE_MONTHS, applicable, cancelText, monthsText, runningSubscription, type PauseMonths } from './actions';
import { cancelMembership, pauseMembership, type ActionAnswer, type ReaderPage } from './data';
import { day, money, statusWords } from './format';
import { SectionNotice, type SectionProps } from './SectionNotice';

const NOTE_LIMIT = 1000;

/** The account status with its reason, the subscriptions, and cancelling or pausing. */
export function MembershipSection({ page, act, notice }: SectionProps) {
  const can = applicable(page);
  const [dialog, setDialog] = useState<'cancel' | 'pause' | null>(null);
  const status = page.status;
  const running = runningSubscription(page);
  const run = async (action: () => Promise<ActionAnswer>) => {
    await act('membership', action);
    setDialog(null);
  };

  return (
    <section className="card" aria-labelledby="membership-heading">
      <h2 id="membership-heading">Membership</h2>
      <dl className="admin-facts">
        <div>
          <dt>Account status</dt>
          <dd>
            <strong>{status.status.replace(/_/g, ' ')}</strong>
            {status.is_member ? ' (member)' : ' (not a member)'}
          </dd>
        </div>
        {status.access_until && (
          <div>
            <dt>Access until</dt>
            <dd>{day(status.access_until)}</dd>
          </div>
        )}
        {status.free_trial_until && (
          <div>
            <dt>Free trial until</dt>
            <dd>{day(status.free_trial_until)}</dd>
          </div>
        )}
      </dl>
      <p className="admin-reason">{status.reason}</p>
      {status.payment_message && <p className="admin-note">The reader's page says: “{status.payment_message}”</p>}
      {status.home_delivery_message && <p className="admin-note">The reader's page says: “{status.home_delivery_message}”</p>}

      <h3 className="admin-subheading">Subscriptions</h3>
      {page.subscriptions.length === 0 ? (
        <p>None: the reader has never subscribed.</p>
      ) : (
        <ul className="admin-rows">
          {page.subscriptions.map((s) => (
            <li key={s.id}>
              <p className="admin-rows__title">
                {s.plan_name} · {money(s.price)} · {statusWords(s.state)}
                {s.trial && ' · in its free trial'}
                {s.id === page.live_subscription_id && <span className="admin-badge">Running</span>}
              </p>
              <p className="admin-rows__meta">
                {s.paid_through_date && `Paid through ${day(s.paid_through_date)}. `}
                {s.ends ? `Ends ${day(s.ends)}. ` : s.next_billing_date ? `Next charge ${day(s.next_billing_date)}. ` : ''}
                {s.follows_on && 'A pending subscription follows it. '}
                <span className="admin-id">ID {s.id}</span>
              </p>
            </li>
          ))}
        </ul>
      )}

      <SectionNotice notice={notice} section="membership" />
      {(can.cancel || can.pause) && (
        <div className="admin-actions">
          {can.pause && (
            <Button variant="secondary" onClick={() => setDialog('pause')}>
              Pause membership
            </Button>
          )}
          {can.cancel && (
            <Button variant="secondary" onClick={() => setDialog('cancel')}>
              Cancel membership
            </Button>
          )}
        </div>
      )}
      <CancelDialog open={dialog === 'cancel'} text={cancelText(page)} onClose={() => setDialog(null)} onConfirm={(note) => run(() => cancelMembership(page.reader.id, note))} />
      <PauseDialog
        open={dialog === 'pause'}
        paidThrough={running?.paid_through_date ?? null}
        onClose={() => setDialog(null)}
        onConfirm={(months) => run(() => pauseMembership(page.reader.id, months))}
      />
    </section>
  );
}

function CancelDialog({ open, text, onClose, onConfirm }: { open: boolean; text: string; onClose: () => void; onConfirm: (note: string) => Promise<void> }) {
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      open={open}
      title="Cancel this membership?"
      description={text}
      confirmLabel="Cancel membership"
      keepLabel="Keep membership"
      onOpen={() => setNote('')}
      onClose={onClose}
      onConfirm={() => onConfirm(note.trim())}
    >
      <TextArea
        label="Why (optional)"
        hint="As the reader put it: kept with the cancellation."
        maxChars={NOTE_LIMIT}
        maxLength={NOTE_LIMIT}
        rows={3}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </ConfirmDialog>
  );
}

function PauseDialog({ open, paidThrough, onClose, onConfirm }: { open: boolean; paidThrough: string | null; onClose: () => void; onConfirm: (months: PauseMonths) => Promise<void> }) {
  const id = useId();
  const [months, setMonths] = useState<PauseMonths>(1);
  const from = paidThrough ? ` It keeps running through ${day(paidThrough)}, the last day paid for; the pause starts the day after.` : '';
  return (
    <ConfirmDialog
      open={open}
      title="Pause this membership?"
      description={`The reader is not charged while it is paused, and is mailed a confirmation, as when they pause it themselves.${from}`}
      confirmLabel="Pause membership"
      keepLabel="Keep it running"
      onOpen={() => setMonths(1)}
      onClose={onClose}
      onConfirm={() => onConfirm(months)}
    >
      <fieldset className="dialog__reasons">
        <legend className="field__label">For how long?</legend>
        {PAUSE_MONTHS.map((length) => (
          <div className="checkbox" key={length}>
            <input id={`${id}-${length}`} className="checkbox__input" type="radio" name="pause-months" value={length} checked={months === length} onChange={() => setMonths(length)} />
            <label htmlFor={`${id}-${length}`} className="checkbox__label">
              {monthsText(length)}
            </label>
          </div>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
