/** Pure helpers over the thread's comments: the reader's pending ones put in place, one
 * comment's fields changed wherever it sits, the commenters' names for @mentions. */
import type { ThreadComment } from './wire';

/** The spec's prompt under a story shows 3 messages (section 9); replies likewise. */
export const PROMPT_MESSAGES = 3;

export function mapComments(comments: ThreadComment[], change: (comment: ThreadComment) => ThreadComment): ThreadComment[] {
  return comments.map((comment) => {
    const replies = comment.replies.length ? mapComments(comment.replies, change) : comment.replies;
    return change(replies === comment.replies ? comment : { ...comment, replies });
  });
}

export function patchComment(comments: ThreadComment[], id: number, fields: Partial<ThreadComment>): ThreadComment[] {
  return mapComments(comments, (comment) => (comment.id === id ? { ...comment, ...fields } : comment));
}

export function removeComment(comments: ThreadComment[], id: number): ThreadComment[] {
  return comments
    .filter((comment) => comment.id !== id)
    .map((comment) => (comment.replies.length ? { ...comment, replies: removeComment(comment.replies, id) } : comment));
}

function contains(comment: ThreadComment, id: number): boolean {
  return comment.id === id || comment.replies.some((reply) => contains(reply, id));
}

/**
 * The thread with the reader's comments that wait for a moderator (readers do not see them
 * in the public thread): top-level ones first, replies under their parent at the depth the
 * thread shows (a reply to a third-level comment joins the second-level one holding it).
 */
export function withPending(tops: ThreadComment[], pending: ThreadComment[]): ThreadComment[] {
  const shown = new Set<number>();
  const walk = (list: ThreadComment[]) => list.forEach((c) => (shown.add(c.id), walk(c.replies)));
  walk(tops);
  const fresh = pending.filter((comment) => !shown.has(comment.id));
  let result = tops;
  for (const reply of fresh.filter((comment) => comment.parent_id !== null)) {
    const parent = reply.parent_id!;
    result = result.map((top) => {
      if (!contains(top, parent)) return top;
      if (top.id === parent) return { ...top, replies: [...top.replies, reply] };
      return {
        ...top,
        replies: top.replies.map((second) => (contains(second, parent) ? { ...second, replies: [...second.replies, reply] } : second)),
      };
    });
  }
  return [...fresh.filter((comment) => comment.parent_id === null), ...result];
}

export function commenterNames(comments: ThreadComment[]): string[] {
  const names = new Set<string>();
  const walk = (list: ThreadComment[]) =>
    list.forEach((comment) => {
      if (comment.author && !comment.deleted) names.add(comment.author.display_name);
      walk(comment.replies);
    });
  walk(comments);
  return [...names];
}

export function newCommentsText(count: number): string {
  return count === 1 ? '1 new comment' : `${count} new comments`;
}
