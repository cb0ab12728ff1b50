/**
 * What the comments launcher does (commentsLauncher.ts is its entry): reads
 * `comments-settings` and, when the comments section nears the viewport (the spec's loader
 * default margin, 200px), loads the comments client and mounts it in the thread's place. No
 * imports: it is bundled into the launcher, which stays under 1 KB gzip.
 */
export const ROOT_MARGIN = '200px';

export interface ClientModule {
  mountComments: (container: HTMLElement, settings: { spotId: string; postId: string; webhookTarget?: unknown }) => void;
}

function settings(doc: Document): { spotId?: unknown; postId?: unknown; webhookTarget?: unknown } {
  try {
    return Object(JSON.parse(doc.getElementById('comments-settings')?.textContent ?? '')) as object;
  } catch {
    return {};
  }
}

/** `data-comments` on the thread's place says how far it got: waiting, loading, ready, failed. */
export function launchComments(doc: Document, load: () => Promise<ClientModule>): void {
  const place = doc.getElementById('comments-thread');
  const { spotId, postId, webhookTarget } = settings(doc);
  if (!place || typeof spotId !== 'string' || (typeof postId !== 'number' && typeof postId !== 'string')) return;
  const launch = () => {
    place.dataset.comments = 'loading';
    load().then(
      ({ mountComments }) => {
        place.dataset.comments = 'ready';
        mountComments(place, { spotId, postId: String(postId), webhookTarget });
      },
      () => {
        // The client did not arrive (offline, a new release meanwhile): say so, offer again
        // (a failed module load is remembered by the page, so again means a reload).
        const text = doc.createElement('p');
        text.textContent = 'Comments could not be loaded.';
        const retry = doc.createElement('button');
        retry.type = 'button';
        retry.className = 'comments__retry';
        retry.textContent = 'Retry';
        retry.onclick = () => location.reload();
        const failure = doc.createElement('div');
        failure.className = 'comments__failure';
        failure.append(text, retry);
        place.replaceChildren(failure);
        place.dataset.comments = 'failed';
      },
    );
  };
  place.dataset.comments = 'waiting';
  if (!('IntersectionObserver' in window)) return launch();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      launch();
    },
    { rootMargin: ROOT_MARGIN },
  );
  observer.observe(place.closest('section') ?? place);
}
