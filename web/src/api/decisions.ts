/**
 * The access-decision engine (spec section 7): POST /zephr/decision-engine answers one
 * feature per call. The account area asks for available-plans and cancel-flow-offer.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, call } from './client';
import type { components } from './schema';

export const DECISION_ENGINE_PATH = '/zephr/decision-engine';
export const AVAILABLE_PLANS_FEATURE = 'available-plans';
export const CANCEL_FLOW_OFFER_FEATURE = 'cancel-flow-offer';

export interface DecisionRequest {
  /** One of the four features the document lists. */
  sdkFeatureSlug: components['schemas']['DecisionIn']['sdkFeatureSlug'];
  path: string;
  contentId?: string | null;
  /** The session id from the login answer, when this page has it; the cookie does the rest. */
  session?: string | null;
}

/** The feature's outputValue, as the server sent it (unknown: callers validate it). */
export async function fetchDecision({ sdkFeatureSlug, path, contentId = null, session = null }: DecisionRequest): Promise<unknown> {
  const answer = await call(() =>
    api.POST(DECISION_ENGINE_PATH, {
      body: { contentId, path, sdkFeatureSlug, userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent, session },
    }),
  );
  return answer.outputValue;
}

export const decisionKeys = {
  /** Per reader and page: another reader on this tab is decided for afresh. */
  availablePlans: (reader: string | null, path: string) => ['decisions', AVAILABLE_PLANS_FEATURE, reader, path] as const,
};

export function availablePlansQuery(reader: string | null, path: string, session: string | null) {
  return queryOptions({
    queryKey: decisionKeys.availablePlans(reader, path),
    queryFn: () => fetchDecision({ sdkFeatureSlug: AVAILABLE_PLANS_FEATURE, path, session }),
  });
}

/** The cancel dialog's retention offer, as the engine decided it for this reader. */
export interface CancelOffer {
  subscriptionId: string;
  discountId: string;
  heading: string;
  text: string;
  acceptLabel: string;
}

/** The offer from cancel-flow-offer's outputValue (unknown input); null without a whole one. */
export function parseCancelOffer(value: unknown): CancelOffer | null {
  const offer = typeof value === 'object' && value !== null ? (value as { offer?: unknown }).offer : null;
  if (typeof offer !== 'object' || offer === null) return null;
  const raw = offer as Record<string, unknown>;
  const fields = ['subscriptionId', 'discountId', 'heading', 'text', 'acceptLabel'] as const;
  if (!fields.every((field) => typeof raw[field] === 'string' && raw[field] !== '')) return null;
  const text = (field: (typeof fields)[number]) => String(raw[field]);
  return { subscriptionId: text('subscriptionId'), discountId: text('discountId'), heading: text('heading'), text: text('text'), acceptLabel: text('acceptLabel') };
}

export async function fetchCancelOffer(path: string): Promise<CancelOffer | null> {
  return parseCancelOffer(await fetchDecision({ sdkFeatureSlug: CANCEL_FLOW_OFFER_FEATURE, path }));
}
