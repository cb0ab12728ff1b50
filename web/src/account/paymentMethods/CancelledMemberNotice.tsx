import { useId } from 'react';
import { Link } from 'react-router';

/**
 * The "cancelled-user payment method" screen's addition: a reader whose membership has ended
 * keeps their saved methods, can add one, and is offered the way back.
 */
export function CancelledMemberNotice() {
  const id = useId();
  return (
    <section className="card cancelled-member" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your membership has ended</h2>
      <p>Your saved payment methods are kept. Resubscribe to get unlimited sports coverage again.</p>
      <Link className="button button--primary" to="/account/subscribe">
        Resubscribe
      </Link>
    </section>
  );
}
