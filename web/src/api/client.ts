/**
 * The one request client every call goes through: JSON in and out, cookies included,
 * and errors that always carry a status, a type and a message a person can read.
 */

import { BAD_NONCE, needsNonce, siteNonce } from './siteNonce';

export const OFFLINE_MESSAGE = 'You are probably offline.';
export const INVALID_JSON_MESSAGE = 'The response is not a valid JSON response.';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';

/** Pages fetched at a time when a caller asks for every item with `perPage: -1`. */
export const PAGE_SIZE = 100;

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

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** -1 fetches every page (100 at a time) until a short page and returns one array. */
  perPage?: number;
  signal?: AbortSignal;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (options.perPage === -1) {
    return (await requestAllPages(path, options)) as T;
  }
  const query = options.perPage ? { ...options.query, per_page: options.perPage } : options.query;
  return sendOnce<T>(withQuery(path, query), options);
}

async function requestAllPages(path: string, options: RequestOptions): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const url = withQuery(path, { ...options.query, per_page: PAGE_SIZE, page });
    const batch = await sendOnce<unknown>(url, options);
    if (!Array.isArray(batch)) {
      throw new ApiError(INVALID_JSON_MESSAGE, 200, 'invalid-json', batch);
    }
    items.push(...batch);
    if (batch.length < PAGE_SIZE) return items;
  }
}

async function sendOnce<T>(url: string, options: RequestOptions, renewNonce = false): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: options.signal ?? null,
  };
  const nonced = needsNonce(url);
  if (nonced) init.headers = { ...init.headers, 'X-WP-Nonce': await siteNonce(renewNonce) };
  if (options.body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // An abort is the caller's decision, not a network failure: let it through unchanged.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(OFFLINE_MESSAGE, 0, 'network-error');
  }

  const text = await response.text();
  let body: unknown = null;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(INVALID_JSON_MESSAGE, response.status, 'invalid-json');
    }
  }

  if (!response.ok) {
    const { type, message } = errorFields(body);
    // The session changed since the nonce was made (a login or logout): once more, renewed.
    if (nonced && !renewNonce && response.status === 403 && type === BAD_NONCE) return sendOnce<T>(url, options, true);
    throw new ApiError(message ?? UNKNOWN_ERROR_MESSAGE, response.status, type ?? 'unknown', body);
  }
  return body as T;
}

function errorFields(body: unknown): { type?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const type = typeof record.type === 'string' ? record.type : undefined;
  const message =
    typeof record.message === 'string' && record.message.trim() !== '' ? record.message : undefined;
  return { ...(type ? { type } : {}), ...(message ? { message } : {}) };
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}
