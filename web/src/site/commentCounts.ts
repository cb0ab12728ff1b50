/**
 * The comment-count buttons of the share areas and story lists (spec section 2): ONE
 * messages-count request for every post on the page (section 7); a failure shows 0; outside
 * production (the page's `comment-counts` global says) a `#commentCount=N` hash overrides
 * every count without asking. A script of its own, not an island: no React, no imports, at
 * most 700 bytes gzip (bench/comment_counts.py measures it); the paint gate adds it after the
 * first paint. It fills each `[data-comment-count="<post id>"]` with the number, and the
 * `[data-comment-label]` after it with the word, so a button is named "3 comments".
 */
const nodes = document.querySelectorAll<HTMLElement>('[data-comment-count]');

function fill(countOf: (postId: string) => unknown): void {
  nodes.forEach((node) => {
    const value = countOf(node.dataset.commentCount ?? '');
    const count = Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0;
    node.textContent = String(count);
    const label = node.nextElementSibling;
    if (label?.hasAttribute('data-comment-label')) label.textContent = count === 1 ? ' comment' : ' comments';
  });
}

function settings(): { spotId?: unknown; hashOverride?: unknown } {
  try {
    return Object(JSON.parse(document.getElementById('comment-counts')?.textContent ?? '')) as object;
  } catch {
    return {};
  }
}

if (nodes.length) {
  const { spotId, hashOverride } = settings();
  const forced = hashOverride === true ? /commentCount=(\d+)/.exec(location.hash) : null;
  if (forced) {
    fill(() => Number(forced[1]));
  } else if (typeof spotId === 'string') {
    const ids = [...new Set(Array.from(nodes, (node) => node.dataset.commentCount ?? ''))];
    const query = `spot_id=${encodeURIComponent(spotId)}&posts_ids=${ids.map(encodeURIComponent).join(',')}`;
    // Public counts, the same for everyone: no cookie, so any cache may keep the answer.
    fetch(`/comments/v1/messages-count?${query}`, { credentials: 'omit' })
      .then((response) => (response.ok ? response.json() : {}))
      .then(
        (body: { messages_count?: Record<string, unknown> } | null) => fill((id) => body?.messages_count?.[id]),
        () => fill(() => 0),
      );
  } else {
    fill(() => 0);
  }
}

export {}; // a module (the paint gate adds it as one): nothing leaks into the page's globals
