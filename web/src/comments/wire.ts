/**
 * The comments service's wire shapes, from the server's OpenAPI document (schema.d.ts, made by
 * `make api-types`): a renamed or removed field does not compile. The few the client narrows
 * (a vote is -1, 0 or 1; a written comment's status) are checked against the document's by
 * key below. Every answer is still read defensively (readThreadPage, readMe): a field a
 * server of an older build leaves out gets its empty value, never a crash.
 */
import type { components } from '../api/schema';

type Schemas = components['schemas'];

export type Sort = 'best' | 'newest' | 'oldest';
export const SORTS: readonly Sort[] = ['best', 'newest', 'oldest'];

export type Commenter = Schemas['CommentAuthorOut'];
export type AuthorCard = Schemas['AuthorCardOut'];
export type ThreadComment = Omit<Schemas['ThreadCommentOut'], 'replies'> & { replies: ThreadComment[] };
export type ThreadPage = Omit<Schemas['ThreadOut'], 'comments'> & { comments: ThreadComment[] };
export type Vote = -1 | 0 | 1;
export type Opinion = Schemas['OpinionOut'];
export type Hearts = Schemas['HeartOut'];
export type Notification = Schemas['NotificationOut'];
export type Notifications = Schemas['NotificationsOut'];
export type ReportReason = Schemas['ReportIn']['reason'];

export interface Me {
  signed_in: boolean;
  commenter: Commenter | null;
  may_comment: boolean;
  refusal: string | null;
  opinions: Record<string, Opinion>;
  own: number[];
  pending: ThreadComment[];
  /** The story's comments whose authors the reader follows. */
  followed: number[];
  unread_notifications: number;
}

export interface Posted {
  comment: ThreadComment;
  status: 'published' | 'pending';
  message: string | null;
}

export interface Votes {
  up_votes: number;
  down_votes: number;
  vote: Vote;
}

// The narrowed shapes name exactly the document's fields (a compile error otherwise).
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
export const WIRE_CHECKS: [SameKeys<Me, Schemas['MeOut']>, SameKeys<Posted, Schemas['WrittenOut']>, SameKeys<Votes, Schemas['VoteOut']>] = [
  true,
  true,
  true,
];

/** The contract's limit on a comment, after trimming (moderation.api.MAX_TEXT_LENGTH). */
export const MAX_COMMENT_LENGTH = 2000;

/** A signed-out reader's state: what GET /me answers without a session, and before it answers. */
export const SIGNED_OUT: Me = {
  signed_in: false,
  commenter: null,
  may_comment: false,
  refusal: 'Log in to join the conversation.',
  opinions: {},
  own: [],
  pending: [],
  followed: [],
  unread_notifications: 0,
};

type Raw = Record<string, unknown>;
const record = (value: unknown): Raw => (typeof value === 'object' && value !== null ? (value as Raw) : {});
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function readCommenter(raw: unknown): Commenter | null {
  const value = record(raw);
  if (typeof value.display_name !== 'string') return null;
  return { display_name: value.display_name, initials: textOrNull(value.initials), avatar_color: textOrNull(value.avatar_color) };
}

export function readComment(raw: unknown): ThreadComment {
  const value = record(raw);
  return {
    id: count(value.id),
    parent_id: typeof value.parent_id === 'number' ? value.parent_id : null,
    deleted: value.deleted === true,
    removed: value.removed === true,
    body: textOrNull(value.body),
    created_at: typeof value.created_at === 'string' ? value.created_at : '',
    edited_at: textOrNull(value.edited_at),
    author: readCommenter(value.author),
    replies: Array.isArray(value.replies) ? value.replies.map(readComment) : [],
    up_votes: count(value.up_votes),
    down_votes: count(value.down_votes),
    hearts: count(value.hearts),
    featured: value.featured === true,
  };
}

export function readThreadPage(raw: unknown): ThreadPage {
  const value = record(raw);
  return {
    total: count(value.total),
    comments: Array.isArray(value.comments) ? value.comments.map(readComment) : [],
    next_cursor: textOrNull(value.next_cursor),
  };
}

export function readMe(raw: unknown): Me {
  const value = record(raw);
  const opinions: Record<string, Opinion> = {};
  for (const [id, opinion] of Object.entries(record(value.opinions))) {
    const { vote, heart } = record(opinion);
    opinions[id] = { vote: vote === 1 || vote === -1 ? vote : 0, heart: heart === true };
  }
  return {
    signed_in: value.signed_in === true,
    commenter: readCommenter(value.commenter),
    may_comment: value.may_comment === true,
    refusal: textOrNull(value.refusal),
    opinions,
    own: Array.isArray(value.own) ? value.own.filter((id): id is number => typeof id === 'number') : [],
    pending: Array.isArray(value.pending) ? value.pending.map(readComment) : [],
    followed: Array.isArray(value.followed) ? value.followed.filter((id): id is number => typeof id === 'number') : [],
    unread_notifications: count(value.unread_notifications),
  };
}
