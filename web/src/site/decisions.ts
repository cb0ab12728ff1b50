/**
 * The islands' questions to the access-decision engine (POST /zephr/decision-engine): the
 * session's entitlement before a members-only body is asked for, and the text campaign of
 * the calls to action. Same origin as the site API; the session cookie says who is asking.
 */

export const ENTITLEMENT_FEATURE = 'membership-entitlement-check';
export const TEXT_CAMPAIGNS_FEATURE = 'text-campaigns';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface Decision {
  loggedIn: boolean;
  outputValue: unknown;
}

/** The engine's URL, beside the page's site API root (restUrl ends in /wp-json/). */
export function decisionEngineUrl(restUrl: string): string {
  return new URL('/zephr/decision-engine', restUrl).toString();
}

export async function askDecision(
  fetcher: Fetch,
  restUrl: string,
  question: { sdkFeatureSlug: string; path: string; contentId: string | null },
): Promise<Decision> {
  const response = await fetcher(decisionEngineUrl(restUrl), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...question, userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent, session: null }),
  });
  if (!response.ok) throw new Error(`The decision engine answered ${response.status} for ${question.sdkFeatureSlug}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('outputValue' in body)) throw new Error('The decision has no outputValue.');
  const answer = body as { loggedIn?: unknown; outputValue: unknown };
  return { loggedIn: answer.loggedIn === true, outputValue: answer.outputValue };
}
