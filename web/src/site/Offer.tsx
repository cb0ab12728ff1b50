import { payflowHref } from '../account/payflow/handoff';
import { useSite } from './context';
import type { Offer as OfferTexts } from './cta';

/**
 * A call to action: the plan's button, its badge and the curation line. The button opens the
 * payflow with this plan and this page to come back to (account/payflow/handoff.ts), through
 * login or registration for an anonymous reader.
 */
export function Offer({ offer }: { offer: OfferTexts }) {
  const { returnTo } = useSite();
  return (
    <>
      <p className="cta">
        <a className="button" href={payflowHref(offer.planId, returnTo)} data-plan={offer.planId}>
          {offer.action}
        </a>
        {offer.badge ? <span className="badge cta__badge">{offer.badge}</span> : null}
      </p>
      {offer.curation ? <p className="cta__curation">{offer.curation}</p> : null}
    </>
  );
}
