import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useStepUp } from '../StepUp';
import { ConfirmDialog } from './ConfirmDialog';
import { refundCharge, type Payment } from './data';
import { day, money, refundLabel, statusWords } from './format';
import { SectionNotice, type SectionProps } from './SectionNotice';

/** The reader's charges (each refundable in full once, after a fresh code) and their
 * payment methods, described: never a card number. */
export function PaymentsSection({ page, act, notice }: SectionProps) {
  const stepUp = useStepUp();
  const [refunding, setRefunding] = useState<Payment | null>(null);

  return (
    <section className="card" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      <SectionNotice notice={notice} section="payments" />
      {page.payments.length === 0 ? (
        <p>No charges yet.</p>
      ) : (
        <ul className="admin-rows">
          {page.payments.map((payment) => (
            <li key={payment.id} className="admin-rows__split">
              <div>
                <p className="admin-rows__title">
                  {money(payment.amount)} · {day(payment.created_at)}
                  {payment.refunded && <span className="admin-badge admin-badge--refunded">Refunded</span>}
                </p>
                <p className="admin-rows__meta">
                  {payment.plan_name} · {statusWords(payment.status)} · <span className="admin-id">ID {payment.id}</span>
                </p>
              </div>
              {payment.refundable && (
                <Button variant="secondary" className="button--small" aria-label={refundLabel(payment)} onClick={() => setRefunding(payment)}>
                  Refund
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3 className="admin-subheading">Payment methods</h3>
      {page.payment_methods_error && (
        <div role="alert" className="alert alert--error">
          <p>The payment methods could not be read: {page.payment_methods_error}</p>
        </div>
      )}
      {page.payment_methods.length === 0 && !page.payment_methods_error && <p>None saved.</p>}
      {page.payment_methods.length > 0 && (
        <ul className="admin-rows">
          {page.payment_methods.map((method) => (
            <li key={`${method.type}-${method.description}`}>
              <p className="admin-rows__title">
                {method.description}
                {method.default && <span className="admin-badge">Default</span>}
                {method.expired && <span className="admin-badge admin-badge--warning">Expired</span>}
              </p>
              {method.in_use && <p className="admin-rows__meta">Pays for the running membership.</p>}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={refunding !== null}
        title="Refund this charge?"
        description={
          refunding
            ? `${money(refunding.amount)}, charged ${day(refunding.created_at)} for the ${refunding.plan_name} plan, goes back to the reader in full. The membership itself goes on: cancel it as well if the reader wants that. This needs a fresh code from your authenticator app.`
            : ''
        }
        confirmLabel="Refund"
        keepLabel="Keep the charge"
        onClose={() => setRefunding(null)}
        onConfirm={async () => {
          if (!refunding) return;
          const charge = refunding.id;
          await act('payments', () => stepUp(() => refundCharge(page.reader.id, charge)));
          setRefunding(null);
        }}
      />
    </section>
  );
}
