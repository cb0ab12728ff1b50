/**
 * The comments client's calls, one function each (the contract's paths). Reads of the public
 * thread carry no cookie; everything else rides on the reader's cookies (the comments session
 * is its own cookie, Path=/comments/v1). Every refusal becomes a CommentsError carrying the
 * server's `message`, which the client shows as given.
 */
import {
  readComment,
  type AuthorCard,
  readMe,
  readThreadPage,
  type Commenter,
  type Hearts,
  type Me,
  type Notifications,
  type Posted,
  type ReportReason,
  type Sort,
  type ThreadPage,
  type Vote,
  type Votes,
} from './wire';

export const OFFLINE_MESSAGE = 'You are probably offline.';
export const UNKNOWN_MESSAGE = 'Something went wrong. Please try again.';

export class CommentsError extends Error {
  override readonly name = 'CommentsError';
  constructor(
    message: string,
    readonly status: number,
    readonly type: string,
  ) {
    super(message);
  }
}

export interface StoryRef {
  spotId: string;
  postId: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function send(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...init,
    });
  } catch {
    throw new CommentsError(OFFLINE_MESSAGE, 0, 'network-error');
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const { type, message } = (parsed ?? {}) as { type?: unknown; message?: unknown };
    throw new CommentsError(
      typeof message === 'string' && message.trim() ? message : UNKNOWN_MESSAGE,
      response.status,
      typeof type === 'string' ? type : 'unknown',
    );
  }
  return parsed;
}

const story = ({ spotId, postId }: StoryRef) => new URLSearchParams({ spot_id: spotId, post_id: postId });
const message = (id: number) => `/comments/v1/messages/${id}`;

/** A page of the public thread. `fresh`: past any cache (after a write or a live event). */
export async function getThread(ref: StoryRef, sort: Sort, cursor: string | null, fresh = false): Promise<ThreadPage> {
  const query = story(ref);
  query.set('sort', sort);
  if (cursor) query.set('cursor', cursor);
  // Public, the same for everyone: no cookie, so any cache may keep the answer.
  const init: RequestInit = { credentials: 'omit', ...(fresh ? { cache: 'no-cache' } : {}) };
  return readThreadPage(await send('GET', `/comments/v1/thread?${query}`, undefined, init));
}

export async function getMe(ref: StoryRef): Promise<Me> {
  return readMe(await send('GET', `/comments/v1/me?${story(ref)}`, undefined, { cache: 'no-store' }));
}

/**
 * The sign-on handshake (spec section 7): the comments service hands out a code_a, the page
 * trades it with the reader's Masthead session for a codeB, which the service redeems for a
 * comments session.
 */
export async function signOn(userName: string): Promise<Commenter | null> {
  const { code_a } = (await send('POST', '/comments/v1/sso/start')) as { code_a: string };
  const { codeB } = (await send('POST', '/plugins/public/openweb-v2/sso', { code_a, user_name: userName })) as { codeB: string };
  const { commenter } = (await send('POST', '/comments/v1/sso/complete', { codeB })) as { commenter?: Commenter };
  return commenter ?? null;
}

function readPosted(raw: unknown): Posted {
  const value = (raw ?? {}) as Record<string, unknown>;
  return {
    comment: readComment(value.comment),
    status: value.status === 'pending' ? 'pending' : 'published',
    message: typeof value.message === 'string' ? value.message : null,
  };
}

export async function postComment(ref: StoryRef, parentId: number | null, body: string): Promise<Posted> {
  return readPosted(await send('POST', '/comments/v1/messages', { spot_id: ref.spotId, post_id: ref.postId, parent_id: parentId, body }));
}

export async function editComment(id: number, body: string): Promise<Posted> {
  return readPosted(await send('PATCH', message(id), { body }));
}

export async function deleteComment(id: number): Promise<void> {
  await send('DELETE', message(id));
}

export async function vote(id: number, value: Vote): Promise<Votes> {
  return (await send('PUT', `${message(id)}/vote`, { vote: value })) as Votes;
}

export async function heart(id: number, value: boolean): Promise<Hearts> {
  return (await send('PUT', `${message(id)}/heart`, { heart: value })) as Hearts;
}

/** The card opened from a byline; public, like the thread (no cookie). */
export async function getAuthorCard(id: number): Promise<AuthorCard> {
  return (await send('GET', `${message(id)}/author`, undefined, { credentials: 'omit' })) as AuthorCard;
}

export async function follow(id: number, value: boolean): Promise<void> {
  await send(value ? 'POST' : 'DELETE', `${message(id)}/follow-author`);
}

export async function report(id: number, reason: ReportReason, note: string): Promise<string> {
  const answer = (await send('POST', `${message(id)}/report`, { reason, note })) as { message?: string };
  return answer.message ?? 'Thanks for telling us. A moderator will look at this comment.';
}

export async function getNotifications(): Promise<Notifications> {
  const answer = (await send('GET', '/comments/v1/notifications', undefined, { cache: 'no-store' })) as Partial<Notifications>;
  return { unread: answer.unread ?? 0, notifications: answer.notifications ?? [] };
}

export async function markNotificationsRead(): Promise<void> {
  await send('POST', '/comments/v1/notifications/read');
}
