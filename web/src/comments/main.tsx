/**
 * The comments client's entry: the launcher (web/src/site/commentsLauncher.ts) imports it
 * when the story's comments near the viewport and calls mountComments. React comes from the
 * chunk the page's islands already loaded (the same site build), so it is not fetched twice.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CommentsApp } from './CommentsApp';
import type { WebhookSite } from './webhook';

export interface LaunchSettings {
  spotId: string;
  postId: string;
  webhookTarget?: unknown;
}

/** The site API's address and nonce, from the page's membership-settings block. */
function webhookSite(target: unknown): WebhookSite | null {
  if (typeof target !== 'string' || !target) return null;
  try {
    const settings = JSON.parse(document.getElementById('membership-settings')?.textContent ?? '') as Record<string, unknown>;
    const { restUrl, nonce } = settings;
    return typeof restUrl === 'string' && typeof nonce === 'string' ? { restUrl, nonce, targetUrl: target } : null;
  } catch {
    return null;
  }
}

export function mountComments(container: HTMLElement, settings: LaunchSettings): void {
  // The page's own prompt to log in, for pages without script: the client says it now.
  container.closest('section')?.querySelector('.comments__join')?.setAttribute('hidden', '');
  createRoot(container).render(
    <StrictMode>
      <CommentsApp
        story={{ spotId: settings.spotId, postId: settings.postId }}
        webhook={webhookSite(settings.webhookTarget)}
        path={window.location.pathname}
      />
    </StrictMode>,
  );
}
