import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupWidget } from '../src/PopupWidget.js';
import { WidgetApi } from '../src/WidgetApi.js';
import { post, shownIn, SHOWN_TEMPLATE, TEMPLATE } from './helpers.js';

const params = () => ({
  content: TEMPLATE,
  api: new WidgetApi({ tenantAlias: 'acme' }),
  context: { type: 'cookie' as const, engagementMedium: 'POPUP' as const },
});

afterEach(() => document.body.replaceChildren());

describe('PopupWidget', () => {
  it('loads hidden and parked at -2000px, with the template in its frame', async () => {
    const popup = new PopupWidget(params());
    popup.load();
    const { style } = popup.popupdiv;
    expect(popup.popupdiv.parentNode).toBe(document.body);
    expect(style.position).toBe('fixed');
    expect(style.visibility).toBe('hidden');
    expect(style.top).toBe('-2000px');
    expect(style.width).toBe('100%');
    expect(style.height).toBe('100%');
    expect(style.paddingTop).toBe('5%');
    expect(await shownIn(popup.frame)).toBe(SHOWN_TEMPLATE);
    expect(popup.popupcontent.contains(popup.frame)).toBe(true);
  });

  it('has a content area 80% wide, at most 500px, centred', () => {
    const { style } = new PopupWidget(params()).popupcontent;
    expect(style.width).toBe('80%');
    expect(style.maxWidth).toBe('500px');
    expect(style.margin).toBe('auto');
  });

  it('opens visible at the top, and closes back to hidden and parked', () => {
    const popup = new PopupWidget(params());
    popup.load();
    popup.open();
    expect(popup.popupdiv.style.visibility).toBe('visible');
    expect(popup.popupdiv.style.top).toBe('0px');
    popup.close();
    expect(popup.popupdiv.style.visibility).toBe('hidden');
    expect(popup.popupdiv.style.top).toBe('-2000px');
  });

  it('closes on a backdrop click but not on a click inside the content', () => {
    const popup = new PopupWidget(params());
    popup.load();
    popup.open();
    popup.popupcontent.click();
    expect(popup.popupdiv.style.visibility).toBe('visible');
    popup.popupdiv.click();
    expect(popup.popupdiv.style.visibility).toBe('hidden');
  });

  it('opens from every .squatchpop trigger, or from a custom selector', () => {
    document.body.innerHTML = '<button class="squatchpop">a</button><a class="squatchpop">b</a><i id="mine"></i>';
    const popup = new PopupWidget(params());
    popup.load();
    const [first, second] = Array.from(document.querySelectorAll<HTMLElement>('.squatchpop'));
    second!.click();
    expect(popup.popupdiv.style.visibility).toBe('visible');
    popup.close();
    first!.click();
    expect(popup.popupdiv.style.visibility).toBe('visible');

    const custom = new PopupWidget(params(), '#mine');
    custom.load();
    document.getElementById('mine')!.click();
    expect(custom.popupdiv.style.visibility).toBe('visible');
  });

  it('survives an invalid trigger selector', () => {
    expect(() => new PopupWidget(params(), '[[').load()).not.toThrow();
  });

  it('follows the content height: centred when it fits, 5px from the top when taller than the window', () => {
    const popup = new PopupWidget(params());
    popup.load();
    vi.stubGlobal('innerHeight', 800);
    post({ squatch: 1, type: 'height', height: 300 }, popup.frame.contentWindow);
    expect(popup.frame.height).toBe('300');
    expect(popup.popupdiv.style.paddingTop).toBe('250px');
    post({ squatch: 1, type: 'height', height: 1200.4 }, popup.frame.contentWindow);
    expect(popup.frame.height).toBe('1201');
    expect(popup.popupdiv.style.paddingTop).toBe('5px');
  });

  it('closes when its frame asks', () => {
    const popup = new PopupWidget(params());
    popup.load();
    popup.open();
    post({ squatch: 1, type: 'close' }, popup.frame.contentWindow);
    expect(popup.popupdiv.style.visibility).toBe('hidden');
  });

  it('ignores the same messages from any other window', () => {
    const popup = new PopupWidget(params());
    popup.load();
    popup.open();
    const stranger = document.createElement('iframe');
    document.body.append(stranger);
    post({ squatch: 1, type: 'close' }, stranger.contentWindow);
    post({ squatch: 1, type: 'height', height: 10 }, window);
    expect(popup.popupdiv.style.visibility).toBe('visible');
    expect(popup.frame.height).toBe('');
  });

  it('tells the frame it opened, now or once its document has loaded', () => {
    const popup = new PopupWidget(params());
    popup.load();
    const send = vi.spyOn(popup.frame.contentWindow!, 'postMessage');
    popup.open();
    expect(send).toHaveBeenCalledWith({ squatch: 1, type: 'opened' }, '*');
    send.mockClear();
    popup.frame.dispatchEvent(new Event('load'));
    expect(send).toHaveBeenCalledWith({ squatch: 1, type: 'opened' }, '*');
    popup.close();
    send.mockClear();
    popup.frame.dispatchEvent(new Event('load'));
    expect(send).not.toHaveBeenCalled();
  });

  it('opens no window for its frame: links in the sandbox open by themselves', () => {
    const popup = new PopupWidget(params());
    popup.load();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    post({ squatch: 1, type: 'open-url', url: 'https://twitter.com/intent/tweet?text=hi' }, popup.frame.contentWindow);
    expect(open).not.toHaveBeenCalled();
  });
});
