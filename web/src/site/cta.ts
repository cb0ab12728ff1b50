/**
 * The membership texts of the islands, from the plans on the page (the billing CTA texts the
 * server computed) and the page's curation.
 */
import { isEntitled, type Access } from './access';
import { BUILT_IN, fillText, type Campaign } from './campaign';
import type { BrandLabels, SitePlan } from './globals';

export interface Offer {
  planId: string;
  action: string;
  badge: string | null;
  curation: string;
}

/** The plan a call to action offers: the featured one, else the first. */
export function primaryPlan(plans: readonly SitePlan[]): SitePlan | null {
  return plans.find((plan) => plan.featured) ?? plans[0] ?? null;
}

/** The per-plan curation wins, then the plan's own, then defaultTrial for a trial, then default. */
export function curationFor(plan: SitePlan, curation: Record<string, string>): string {
  const candidates = [curation[plan.id], plan.curation, plan.hasTrial ? curation.defaultTrial : undefined, curation.default];
  return candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '')?.trim() ?? '';
}

export function offerFor(plans: readonly SitePlan[], curation: Record<string, string>, inSupportedRegion: boolean): Offer | null {
  const plan = inSupportedRegion ? primaryPlan(plans) : null;
  if (!plan) return null;
  return { planId: plan.id, action: plan.ctaText, badge: plan.badge, curation: curationFor(plan, curation) };
}

/** Readers who may be offered a membership: not members, and not while the server is asked. */
export function offersMembership(access: Access): boolean {
  return access.status === 'anonymous' || access.status === 'reader' || access.status === 'failed';
}

/** The membership subtext under the byline: the campaign's words, else the built-in ones. */
export function subtext(access: Access, offer: Offer | null, labels: BrandLabels, campaign: Campaign = {}): string {
  if (isEntitled(access)) return fillText(campaign.subtext ?? BUILT_IN.memberSubtext, labels, offer?.action);
  if (!offersMembership(access) || !offer) return '';
  return fillText(campaign.subtext ?? BUILT_IN.offerSubtext, labels, offer.action);
}

/** The call-to-action spot's heading; empty hides the spot. */
export function ctaHeading(labels: BrandLabels, campaign: Campaign = {}): string {
  return fillText(campaign.ctaHeading ?? BUILT_IN.ctaHeading, labels);
}
