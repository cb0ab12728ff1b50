import { afterEach, describe, expect, it } from 'vitest';
import { EmbedWidget } from '../src/EmbedWidget.js';
import { WidgetApi } from '../src/WidgetApi.js';
import type { WidgetContext } from '../src/types.js';
import { mockFetch, post, shownIn, SHOWN_TEMPLATE, TEMPLATE } from './helpers.js';

const params = (context: Partial<WidgetContext> = {}) => ({
  content: TEMPLATE,
  api: new WidgetApi({ tenantAlias: 'acme' }),
  context: { type: 'cookie', engagementMedium: 'EMBED', ...context } as WidgetContext,
});

afterEach(() => document.body.replaceChildren());

describe('EmbedWidget', () => {
  it('uses #squatchembed, else the first .squatchembed', () => {
    document.body.innerHTML = '<div class="squatchembed" id="one"></div><div class="squatchembed"></div>';
    expect(new EmbedWidget(params()).element.id).toBe('one');
    document.body.insertAdjacentHTML('beforeend', '<section id="squatchembed"></section>');
    expect(new EmbedWidget(params()).element.tagName).toBe('SECTION');
  });

  it('takes a selector or an element', () => {
    document.body.innerHTML = '<div id="box"></div>';
    const box = document.getElementById('box')!;
    expect(new EmbedWidget(params(), '#box').element).toBe(box);
    expect(new EmbedWidget(params(), box).element).toBe(box);
  });

  it('shows the template in place of the container content', async () => {
    document.body.innerHTML = '<div id="squatchembed">Loading…</div>';
    const embed = new EmbedWidget(params());
    embed.load();
    expect(embed.element.childNodes).toHaveLength(1);
    expect(embed.element.firstChild).toBe(embed.frame);
    expect(await shownIn(embed.frame)).toBe(SHOWN_TEMPLATE);
    expect(embed.element.style.visibility).toBe('');
  });

  it('keeps a caller-given container collapsed until opened, then closes it again', () => {
    document.body.innerHTML = '<div id="box"></div>';
    const embed = new EmbedWidget(params({ container: '#box' }), '#box');
    embed.load();
    const { style } = embed.element;
    expect([style.visibility, style.height, style.overflowY]).toEqual(['hidden', '0px', 'hidden']);
    embed.open();
    expect([style.visibility, style.height, style.overflowY]).toEqual(['visible', 'auto', 'auto']);
    embed.close();
    expect([style.visibility, style.height, style.overflowY]).toEqual(['hidden', '0px', 'hidden']);
  });

  it('follows the content height and closes when the frame asks', () => {
    document.body.innerHTML = '<div id="squatchembed"></div>';
    const embed = new EmbedWidget(params());
    embed.load();
    embed.open();
    post({ squatch: 1, type: 'height', height: 432.2 }, embed.frame.contentWindow);
    expect(embed.frame.height).toBe('433');
    post({ squatch: 1, type: 'close' }, embed.frame.contentWindow);
    expect(embed.element.style.visibility).toBe('hidden');
  });

  it('records the load analytic for its user when it loads into the default container', async () => {
    document.body.innerHTML = '<div id="squatchembed"></div>';
    const calls = mockFetch({ body: {} });
    const identity = { tenantAlias: 'acme', accountId: 'a', userId: 'u', engagementMedium: 'EMBED' };
    new EmbedWidget({ ...params(), identity }).load();
    expect(calls.map((c) => c.url)).toEqual([
      'https://app.referralsaasquatch.com/a/acme/widgets/analytics/loaded?externalAccountId=a&externalUserId=u&engagementMedium=EMBED',
    ]);
  });
});
