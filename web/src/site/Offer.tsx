import type { Offer as OfferTexts } from './cta';

export const SUBSCRIBE_PATH = '/account/subscribe';

/** A call to action: the plan's button, its badge and the curation line. */
export function Offer({ offer }: { offer: OfferTexts }) {
  return (
    <>
      <p className="cta">
        <a className="button" href={SUBSCRIBE_PATH} data-plan={offer.planId}>
          {offer.action}
        </a>
        {offer.badge ? <span className="badge cta__badge">{offer.badge}</span> : null}
      </p>
      {offer.curation ? <p className="cta__curation">{offer.curation}</p> : null}
    </>
  );
}
