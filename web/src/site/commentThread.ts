/**
 * The story's comment thread (issue 15), read only: the first page of GET /comments/v1/thread
 * when the comments section nears the viewport, then "Show more comments" for the next. A
 * script of its own, not an island: no React, no imports; the paint gate adds it after the
 * story is painted and nothing of it is preloaded. Readers' text is only ever set as text
 * (textContent, text nodes, an anchor's href checked to be http(s)): never parsed as markup.
 */
type Author = { display_name: string; initials: string | null; avatar_color: string | null };
type ThreadComment = {
  id: number;
  parent_id: number | null;
  deleted: boolean;
  body: string | null;
  created_at: string;
  edited_at: string | null;
  author: Author | null;
  replies: ThreadComment[];
};
type ThreadPage = { total: number; comments: ThreadComment[]; next_cursor: string | null };

// The spec's loader default margin: start a little before the section scrolls into view.
export const ROOT_MARGIN = '200px';
const LINK = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]'"]+$/; // sentence punctuation after an address is not part of it
const COLOUR = /^#[0-9a-f]{6}$/i;
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The body's lines as text nodes and <br>s, each http(s) address a link showing itself. */
export function bodyNodes(body: string): Node[] {
  const nodes: Node[] = [];
  body.split('\n').forEach((line, index) => {
    if (index) nodes.push(element('br'));
    let at = 0;
    for (const match of line.matchAll(LINK)) {
      const address = match[0].replace(TRAILING, '');
      const start = match.index ?? 0;
      if (start > at) nodes.push(document.createTextNode(line.slice(at, start)));
      let url: URL | null = null;
      try {
        url = new URL(address);
      } catch {
        url = null;
      }
      if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
        const anchor = element('a', undefined, address);
        anchor.href = url.href;
        anchor.rel = 'nofollow ugc noopener';
        nodes.push(anchor);
      } else {
        nodes.push(document.createTextNode(address));
      }
      at = start + address.length;
    }
    if (at < line.length) nodes.push(document.createTextNode(line.slice(at)));
  });
  return nodes;
}

/** Black or white initials, whichever reads better on the reader's chosen colour. */
function inkOn(colour: string): string {
  const channel = (i: number) => {
    const c = parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5) > 0.179 ? '#000' : '#fff';
}

function byline(author: Author, created: string, edited: string | null): HTMLElement {
  const header = element('header', 'comment__byline');
  if (author.initials && author.avatar_color && COLOUR.test(author.avatar_color)) {
    const avatar = element('span', 'comment__avatar', author.initials);
    avatar.setAttribute('aria-hidden', 'true'); // the name beside it says who
    avatar.style.backgroundColor = author.avatar_color;
    avatar.style.color = inkOn(author.avatar_color);
    header.append(avatar);
  }
  header.append(element('span', 'comment__author', author.display_name), ' ');
  const time = element('time', 'comment__time', WHEN.format(new Date(created)));
  time.dateTime = created;
  header.append(time);
  if (edited) header.append(element('span', 'comment__edited', ' (edited)'));
  return header;
}

export function renderComment(comment: ThreadComment): HTMLLIElement {
  const item = element('li');
  const article = element('article', 'comment');
  article.dataset.commentId = String(comment.id);
  if (comment.deleted || !comment.author || comment.body === null) {
    article.classList.add('comment--deleted');
    article.append(element('p', 'comment__body', 'This comment was deleted.'));
  } else {
    article.setAttribute('aria-label', `Comment by ${comment.author.display_name}`);
    const body = element('p', 'comment__body');
    body.append(...bodyNodes(comment.body));
    article.append(byline(comment.author, comment.created_at, comment.edited_at), body);
  }
  if (comment.replies.length) {
    const replies = element('ol', 'comments__replies');
    replies.append(...comment.replies.map(renderComment));
    article.append(replies);
  }
  item.append(article);
  return item;
}

function settings(): { spotId?: unknown; postId?: unknown } {
  try {
    return Object(JSON.parse(document.getElementById('comments-settings')?.textContent ?? '')) as object;
  } catch {
    return {};
  }
}

/** The spec's prompt under a story shows 3 messages (section 9): the first page's other
 * comments wait for "Show more comments", which then asks for the next page. */
export const PROMPT_MESSAGES = 3;

/** Mounts the thread in its container: loads the first page when asked (`start`). */
export function mountThread(container: HTMLElement, spotId: string, postId: string): () => Promise<void> {
  const status = element('p', 'comments__status');
  status.setAttribute('role', 'status'); // polite: "Loading comments…" is read, not shouted
  const list = element('ol', 'comments__list');
  const more = element('button', 'comments__more', 'Show more comments');
  more.type = 'button';
  more.hidden = true;
  const failure = element('div', 'comments__failure');
  failure.hidden = true;
  const retry = element('button', 'comments__retry', 'Retry');
  retry.type = 'button';
  failure.append(element('p', undefined, 'Comments could not be loaded.'), retry);
  container.replaceChildren(status, list, failure, more);

  let cursor: string | null = null;
  let held: HTMLLIElement[] = []; // loaded beyond the prompt's three, shown on "Show more"
  let busy = false;
  function focusFirst(item: HTMLLIElement | undefined): void {
    // After "Show more", keyboard and screen reader users go on from the first new one.
    const first = item?.querySelector('article');
    if (!first) return;
    first.tabIndex = -1;
    first.focus();
  }
  function reveal(): void {
    const shown = held;
    held = [];
    for (const item of shown) item.hidden = false;
    more.hidden = !cursor;
    focusFirst(shown[0]);
  }
  async function load(): Promise<void> {
    if (busy) return;
    busy = true;
    more.hidden = failure.hidden = true;
    status.textContent = 'Loading comments…';
    const query = new URLSearchParams({ spot_id: spotId, post_id: postId, sort: 'newest' });
    if (cursor) query.set('cursor', cursor);
    try {
      // Public, the same for everyone: no cookie, so any cache may keep the answer.
      const response = await fetch(`/comments/v1/thread?${query}`, { credentials: 'omit' });
      if (!response.ok) throw new Error(String(response.status));
      const page = (await response.json()) as ThreadPage;
      const items = page.comments.map(renderComment);
      const firstPage = !cursor && !list.childElementCount;
      if (firstPage) {
        held = items.slice(PROMPT_MESSAGES);
        for (const item of held) item.hidden = true;
      }
      list.append(...items);
      cursor = page.next_cursor;
      more.hidden = !cursor && !held.length;
      status.textContent = list.childElementCount ? '' : 'No comments yet.';
      if (!firstPage) focusFirst(items[0]);
    } catch {
      status.textContent = '';
      failure.hidden = false;
    } finally {
      busy = false;
    }
  }
  more.addEventListener('click', () => (held.length ? reveal() : void load()));
  retry.addEventListener('click', () => void load());
  return load;
}

const container = document.getElementById('comments-thread');
const { spotId, postId } = settings();
if (container && typeof spotId === 'string' && (typeof postId === 'number' || typeof postId === 'string')) {
  const start = mountThread(container, spotId, String(postId));
  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void start();
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(container.closest('section') ?? container);
  } else {
    void start();
  }
}
