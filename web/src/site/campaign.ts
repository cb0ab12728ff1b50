/**
 * The text campaign of the calls to action (the decision engine's text-campaigns feature):
 * the CTA spot's heading and the byline subtext, chosen by the server's rules for this
 * reader. A text the campaign leaves out keeps the built-in words; an empty one hides it.
 */
import { askDecision, TEXT_CAMPAIGNS_FEATURE, type Fetch } from './decisions';
import type { BrandLabels } from './globals';
import { createStore, type Store } from './store';

export interface Campaign {
  ctaHeading?: string;
  subtext?: string;
}

export const BUILT_IN = {
  ctaHeading: 'Get {membership}',
  memberSubtext: 'Thanks for being a {membership} member.',
  offerSubtext: '{membership} members read every story. {action}.',
} as const;

/** The campaign from an outputValue (unknown input): only its text fields, else nothing. */
export function parseCampaign(value: unknown): Campaign {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const campaign: Campaign = {};
  if (typeof raw.ctaHeading === 'string') campaign.ctaHeading = raw.ctaHeading;
  if (typeof raw.subtext === 'string') campaign.subtext = raw.subtext;
  return campaign;
}

/** A campaign text with its placeholders filled in. */
export function fillText(template: string, labels: BrandLabels, action = ''): string {
  return template.replaceAll('{membership}', labels.membership).replaceAll('{action}', action).trim();
}

/** Asks the engine; a failure keeps the built-in words (logged). */
export async function fetchCampaign(restUrl: string, path: string, contentId: string | null, fetcher: Fetch = fetch): Promise<Campaign> {
  try {
    const answer = await askDecision(fetcher, restUrl, { sdkFeatureSlug: TEXT_CAMPAIGNS_FEATURE, path, contentId });
    return parseCampaign(answer.outputValue);
  } catch (error) {
    console.error('The text campaign could not be loaded.', error);
    return {};
  }
}

/** Undefined until the campaign (or its failure) is known: the texts wait for it. */
export type CampaignStore = Store<Campaign | undefined>;

export function createCampaignStore(initial?: Campaign): CampaignStore {
  return createStore(initial);
}
