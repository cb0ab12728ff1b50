/**
 * The one API client every call goes through: openapi-fetch typed from schema.d.ts (generated
 * from the server's OpenAPI document), so a wrong path, field or answer does not compile.
 * Cookies ride along, site API calls carry the nonce, and every failure is an ApiError with
 * a status, a type and a message a person can read.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { BAD_NONCE, needsNonce, siteNonce } from './siteNonce';

export const OFFLINE_MESSAGE = 'You are probably offline.';
export const INVALID_JSON_MESSAGE = 'The response is not a valid JSON response.';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** The server's error type ("user-not-found"...), or a client-side one. */
    readonly type: string,
    /** The parsed error body, for the few callers that need more than type and message. */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The page's own origin: openapi-fetch builds a Request, which needs an absolute URL. */
function pageOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * Hands the built request to the page's fetch (looked up per call, so a test's stub is used)
 * as a same-origin path and init, the request the browser always sent; no answer at all
 * becomes the offline ApiError, while an abort, the caller's decision, passes unchanged.
 */
async function sendFromPage(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const target = url.origin === pageOrigin() ? `${url.pathname}${url.search}` : request.url;
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  try {
    return await fetch(target, {
      method: request.method,
      credentials: 'include',
      headers: request.headers,
      signal: request.signal,
      ...(body === '' ? {} : { body }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(OFFLINE_MESSAGE, 0, 'network-error');
  }
}

/** Site API calls (/wp-json/) carry X-WP-Nonce; the nonce itself is fetched without one. */
const nonceMiddleware: Middleware = {
  async onRequest({ request }) {
    if (!needsNonce(request.url)) return undefined;
    request.headers.set('X-WP-Nonce', await siteNonce());
    return request;
  },
};

/** A body that is there but is not JSON is refused here, with the status it came with. */
const jsonOnlyMiddleware: Middleware = {
  async onResponse({ response }) {
    const text = await response.clone().text();
    if (text.trim() === '') return undefined;
    try {
      JSON.parse(text);
    } catch {
      throw new ApiError(INVALID_JSON_MESSAGE, response.status, 'invalid-json');
    }
    return undefined;
  },
};

export const api = createClient<paths>({
  baseUrl: pageOrigin(),
  credentials: 'include',
  headers: { Accept: 'application/json' },
  fetch: sendFromPage,
});
api.use(nonceMiddleware, jsonOnlyMiddleware);

/** What openapi-fetch answers: data on success, the parsed error body otherwise. */
type Answer<Data> = { data?: Data; error?: unknown; response: Response };

/**
 * Sends a call made with `api` and returns its data (null for an empty body), or throws the
 * ApiError the screens read. A site API call refused with 403 bad-nonce (a login or logout
 * since the nonce was made) is sent once more with a renewed nonce.
 */
export async function call<Data>(send: () => Promise<Answer<Data>>): Promise<Data> {
  let answer = await send();
  if (isBadNonce(answer)) {
    await siteNonce(true);
    answer = await send();
  }
  const { data, error, response } = answer;
  if (!response.ok) {
    const body = error === undefined || error === '' ? null : error;
    const { type, message } = errorFields(body);
    throw new ApiError(message ?? UNKNOWN_ERROR_MESSAGE, response.status, type ?? 'unknown', body);
  }
  return (data ?? null) as Data;
}

/** Only site API calls are nonced, so only they are refused this way. */
function isBadNonce({ error, response }: Answer<unknown>): boolean {
  return response.status === 403 && errorFields(error).type === BAD_NONCE;
}

function errorFields(body: unknown): { type?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const type = typeof record.type === 'string' ? record.type : undefined;
  const message =
    typeof record.message === 'string' && record.message.trim() !== '' ? record.message : undefined;
  return { ...(type ? { type } : {}), ...(message ? { message } : {}) };
}
