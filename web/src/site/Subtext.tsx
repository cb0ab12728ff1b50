/** The membership subtext under the story's byline. */
import { offerFor, subtext } from './cta';
import { useAccess, useCampaign, useSite } from './context';

export function Subtext() {
  const { settings, labels } = useSite();
  const access = useAccess();
  const campaign = useCampaign();
  const offer = offerFor(settings.plans, settings.curation, settings.inSupportedRegion);
  const line = campaign ? subtext(access, offer, labels, campaign) : '';
  return line ? <p className="story__subtext-line">{line}</p> : null;
}
