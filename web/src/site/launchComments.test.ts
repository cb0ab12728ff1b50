// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchComments, ROOT_MARGIN, type ClientModule } from './launchComments';

type Observed = { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; target?: Element };

function page(settings = '{"postId":3101,"spotId":"sp_1","webhookTarget":"https://hooks.example/x"}') {
  document.body.innerHTML =
    '<section id="comments"><h2>Comments</h2><div id="comments-thread"></div></section>' +
    `<script type="application/json" id="comments-settings">${settings}</script>`;
  const observed: Observed[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: Observed;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    },
  );
  const near = () => observed[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  return { observed, near, place: document.getElementById('comments-thread')! };
}

afterEach(() => vi.unstubAllGlobals());

describe('the comments launcher', () => {
  it('loads the client only when the comments section nears the viewport, then mounts it', async () => {
    const { observed, near, place } = page();
    const mountComments = vi.fn();
    const load = vi.fn(() => Promise.resolve<ClientModule>({ mountComments }));
    launchComments(document, load);
    expect(load).not.toHaveBeenCalled();
    expect(place.dataset.comments).toBe('waiting');
    expect(observed[0]!.options?.rootMargin).toBe(ROOT_MARGIN);
    expect(ROOT_MARGIN).toBe('200px');
    expect(observed[0]!.target).toBe(document.getElementById('comments'));
    observed[0]!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(load).not.toHaveBeenCalled();
    near();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(mountComments).toHaveBeenCalled());
    expect(mountComments).toHaveBeenCalledWith(place, { spotId: 'sp_1', postId: '3101', webhookTarget: 'https://hooks.example/x' });
    expect(place.dataset.comments).toBe('ready');
  });

  it('says the comments could not be loaded when the client does not arrive', async () => {
    const { near, place } = page();
    launchComments(document, () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    near();
    await vi.waitFor(() => expect(place.textContent).toBe('Comments could not be loaded.Retry'));
    expect(place.querySelector('button')!.type).toBe('button');
  });

  it('does nothing on a page without comment settings', () => {
    const { observed, place } = page('not json');
    const load = vi.fn(() => Promise.resolve<ClientModule>({ mountComments: vi.fn() }));
    launchComments(document, load);
    expect(observed).toHaveLength(0);
    expect(place.dataset.comments).toBeUndefined();
  });
});
