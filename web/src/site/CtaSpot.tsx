/** A dynamic membership call-to-action spot: an offer for readers who are not members. */
import { offerFor, offersMembership } from './cta';
import { useAccess, useSite } from './context';
import { Offer } from './Offer';

export function CtaSpot() {
  const { settings, labels } = useSite();
  const access = useAccess();
  const offer = offerFor(settings.plans, settings.curation, settings.inSupportedRegion);
  if (!offer || !offersMembership(access)) return null;
  return (
    <>
      <h2>Get {labels.membership}</h2>
      <Offer offer={offer} />
    </>
  );
}
