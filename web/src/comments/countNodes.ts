/**
 * The page's comment counts of this story (the share area's button, the section's heading:
 * `[data-comment-count="<post id>"]`, filled first by web/src/site/commentCounts.ts) kept equal
 * to the thread once it changes under the reader's eyes: their own comment, a deletion, a live
 * arrival. A `#commentCount=N` the page was told to show (outside production) stands.
 */
export function showCount(postId: string, count: number): void {
  if (/commentCount=\d+/.test(location.hash)) return;
  for (const node of document.querySelectorAll<HTMLElement>(`[data-comment-count="${CSS.escape(postId)}"]`)) {
    node.textContent = String(count);
    const label = node.nextElementSibling;
    if (label?.hasAttribute('data-comment-label')) label.textContent = count === 1 ? ' comment' : ' comments';
  }
}
