/**
 * Decision rules and the engine's answers as sentences, pure: what a rule's conditions ask
 * ("Signed-in readers who had a free trial, on /account/appsubscribe") and what it answers
 * ("Plans: Annual (not featured), Monthly"), and a previewed outputValue in words.
 */
import { FEATURES, READERS, REGIONS } from './ruleForm';
import type { Feature } from './data';

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export function featureName(feature: string): string {
  return FEATURES.find((item) => item.slug === feature)?.name ?? feature;
}

/** Each condition that is set, in words; "Everyone, everywhere" when none is. */
export function conditionsText(conditions: Record<string, unknown>): string[] {
  const parts: string[] = [];
  const readers = READERS.find((item) => item.value === conditions.readers);
  if (readers && readers.value !== 'any') parts.push(readers.label);
  const emails = list(conditions.emails);
  if (emails.length) parts.push(`Only ${emails.join(', ')}`);
  const statuses = list(conditions.statuses);
  if (statuses.length) parts.push(`Status: ${statuses.join(', ')}`);
  const plans = list(conditions.plans);
  if (plans.length) parts.push(`On the plan ${plans.join(' or ')}`);
  const products = list(conditions.products);
  if (products.length) parts.push(`With ${products.join(' or ')}`);
  if (typeof conditions.path === 'string' && conditions.path) parts.push(`On ${conditions.path} and below`);
  const region = REGIONS.find((item) => item.value === conditions.region);
  if (region && region.value !== 'any') parts.push(region.label);
  const countries = list(conditions.countries);
  if (countries.length) parts.push(`From ${countries.join(', ')}`);
  return parts.length ? parts : ['Everyone, everywhere'];
}

function choiceText(item: unknown, names: Record<string, string>): string {
  const raw = typeof item === 'string' ? { id: item } : ((item ?? {}) as Record<string, unknown>);
  const id = String(raw.id ?? '');
  const notes = [raw.featured === true ? 'featured' : raw.featured === false ? 'not featured' : null, typeof raw.curation === 'string' ? `“${raw.curation}”` : null].filter(Boolean);
  return `${names[id] ?? id}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

function shownText(value: unknown, kept: string): string {
  if (typeof value !== 'string') return kept;
  return value === '' ? 'hidden' : `“${value}”`;
}

/** What a rule answers, in words. `names`: plan and discount names by id. */
export function outputText(feature: Feature, output: Record<string, unknown>, names: Record<string, string> = {}): string {
  switch (feature) {
    case 'available-plans':
      if (Array.isArray(output.plans)) return `Plans: ${output.plans.map((item) => choiceText(item, names)).join(', ') || 'none'}`;
      return output.catalogue === 'without-trial-first' ? 'Every enabled plan, those without a free trial first' : 'Every enabled plan, in catalogue order';
    case 'membership-entitlement-check':
      return output.entitled === true ? 'Members may read members-only stories' : 'No members-only stories';
    case 'cancel-flow-offer': {
      if (typeof output.discountId !== 'string') return 'No offer';
      const heading = typeof output.heading === 'string' ? `, headed “${output.heading}”` : '';
      return `Offer ${names[output.discountId] ?? output.discountId}${heading}`;
    }
    case 'text-campaigns':
      return `Heading: ${shownText(output.ctaHeading, "the page's own")}; subtext: ${shownText(output.subtext, "the page's own")}`;
  }
}

/** A previewed outputValue in words (the available-plans lines are listed as cards instead). */
export function decisionText(feature: Feature, value: unknown): string {
  switch (feature) {
    case 'available-plans':
      return typeof value === 'string' && value.trim() ? `${value.trim().split('\n').length} plans offered` : 'No plans offered';
    case 'membership-entitlement-check':
      return value === true ? 'May read members-only stories' : 'May not read members-only stories';
    case 'cancel-flow-offer': {
      const offer = typeof value === 'object' && value !== null ? (value as { offer?: Record<string, unknown> | null }).offer : null;
      if (!offer) return 'No offer';
      return `“${String(offer.heading)}”: ${String(offer.text)} (${String(offer.acceptLabel)}; ${String(offer.discountId)})`;
    }
    case 'text-campaigns': {
      const texts = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      return `Heading: ${shownText(texts.ctaHeading, "the page's own")}; subtext: ${shownText(texts.subtext, "the page's own")}`;
    }
  }
}
