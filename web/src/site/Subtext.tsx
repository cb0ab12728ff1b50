/** The membership subtext under the story's byline. */
import { offerFor, subtext } from './cta';
import { useAccess, useSite } from './context';

export function Subtext() {
  const { settings, labels } = useSite();
  const access = useAccess();
  const line = subtext(access, offerFor(settings.plans, settings.curation, settings.inSupportedRegion), labels);
  return line ? <p className="story__subtext-line">{line}</p> : null;
}
