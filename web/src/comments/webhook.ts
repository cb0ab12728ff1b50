/**
 * The site API's webhook call (spec section 7): POST {restUrl}nyp-membership/v1/webhook as
 * form data: _ajax_nonce, type, targetUrl and optionally details (a JSON string). The answer
 * is read as JSON; a failure is logged with the spec's sentence and answers null, never a
 * message to the reader (section 8).
 */
export const WEBHOOK_FAILURE = 'There was a problem communicating with the webhook API.';

export interface WebhookSite {
  restUrl: string;
  nonce: string;
  targetUrl: string;
}

export async function postWebhook(site: WebhookSite, type: string, details?: string): Promise<unknown> {
  const form = new FormData();
  form.set('_ajax_nonce', site.nonce);
  form.set('type', type);
  form.set('targetUrl', site.targetUrl);
  if (details !== undefined) form.set('details', details);
  try {
    const response = await fetch(`${site.restUrl}nyp-membership/v1/webhook`, { method: 'POST', credentials: 'same-origin', body: form });
    if (!response.ok) throw new Error(`The webhook answered ${response.status}.`);
    return (await response.json()) as unknown;
  } catch (error) {
    console.error(WEBHOOK_FAILURE, error);
    return null;
  }
}
