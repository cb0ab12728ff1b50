/** A dynamic membership call-to-action spot: an offer for readers who are not members. */
import { ctaHeading, offerFor, offersMembership } from './cta';
import { useAccess, useCampaign, useSite } from './context';
import { Offer } from './Offer';

export function CtaSpot() {
  const { settings, labels } = useSite();
  const access = useAccess();
  const campaign = useCampaign();
  const offer = offerFor(settings.plans, settings.curation, settings.inSupportedRegion);
  const heading = campaign ? ctaHeading(labels, campaign) : '';
  if (!offer || !offersMembership(access) || !heading) return null;
  return (
    <>
      <h2>{heading}</h2>
      <Offer offer={offer} />
    </>
  );
}
