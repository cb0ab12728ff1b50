import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_DOCUMENT, bootFrame, onFrameMessage, SANDBOX, writer } from '../src/frame.js';
import { parseFrameMessage, SHARE_MEDIA } from '../src/protocol.js';
import { ownDocument, post } from './helpers.js';

describe('parseFrameMessage', () => {
  it.each([
    [{ squatch: 1, type: 'height', height: 320 }, { type: 'height', height: 320 }],
    [{ squatch: 1, type: 'height', height: 20, width: 140 }, { type: 'height', height: 20, width: 140 }],
    [{ squatch: 1, type: 'height', height: 20, width: 'wide' }, { type: 'height', height: 20 }],
    [{ squatch: 1, type: 'close', extra: 'ignored' }, { type: 'close' }],
    [{ squatch: 1, type: 'open' }, { type: 'open' }],
    [{ squatch: 1, type: 'shared', shareMedium: 'FACEBOOK' }, { type: 'shared', shareMedium: 'FACEBOOK' }],
    [{ squatch: 1, type: 'ready' }, { type: 'ready' }],
    [
      { squatch: 1, type: 'register', email: 'a@b.c', firstName: 'Ann' },
      { type: 'register', email: 'a@b.c', firstName: 'Ann', lastName: undefined },
    ],
  ])('accepts %j', (data, expected) => {
    expect(parseFrameMessage(data)).toEqual(expected);
  });

  it.each(SHARE_MEDIA)('accepts the share medium %s', (shareMedium) => {
    expect(parseFrameMessage({ squatch: 1, type: 'shared', shareMedium })).toEqual({ type: 'shared', shareMedium });
  });

  it.each([
    ['not an object', 'height'],
    ['null', null],
    ['an array', [1]],
    ['without the marker', { type: 'close' }],
    ['with another marker', { squatch: '1', type: 'close' }],
    ['an unknown type', { squatch: 1, type: 'eval', code: 'x' }],
    ['a prototype key as type', { squatch: 1, type: 'constructor' }],
    ['a height that is a string', { squatch: 1, type: 'height', height: '300' }],
    ['a negative height', { squatch: 1, type: 'height', height: -1 }],
    ['an absurd height', { squatch: 1, type: 'height', height: 1e9 }],
    ['a NaN height', { squatch: 1, type: 'height', height: Number.NaN }],
    ['an unknown share medium', { squatch: 1, type: 'shared', shareMedium: 'MYSPACE' }],
    ['a lower-case share medium', { squatch: 1, type: 'shared', shareMedium: 'email' }],
    ['a request to open a URL (templates open links themselves)', { squatch: 1, type: 'open-url', url: 'https://x.com/' }],
    ['a registration without email', { squatch: 1, type: 'register' }],
    ['a registration with a bad name', { squatch: 1, type: 'register', email: 'a@b.c', lastName: 7 }],
  ])('rejects %s', (_name, data) => {
    expect(parseFrameMessage(data)).toBeNull();
  });
});

describe('frames', () => {
  afterEach(() => document.body.replaceChildren());

  it('start with the boot document as a data: URL, unsandboxed (an opaque origin in the page\'s process)', () => {
    const [frame] = bootFrame();
    expect(frame.src.startsWith('data:text/html;charset=utf8,')).toBe(true);
    expect(ownDocument(frame)).toBe(BOOT_DOCUMENT);
    expect(frame.hasAttribute('sandbox')).toBe(false);
    expect([frame.title, frame.getAttribute('scrolling')]).toEqual(['Referral program', 'no']);
  });

  it('take their first document by message once the boot document says ready, later ones as data: URLs', async () => {
    const [frame, booted] = bootFrame();
    document.body.append(frame);
    const send = vi.spyOn(frame.contentWindow!, 'postMessage');
    post({ squatch: 1, type: 'ready' }, frame.contentWindow);
    expect(await booted.then(writer(frame, '<p>first</p>'))).toBe(false);
    expect(send).toHaveBeenCalledExactlyOnceWith({ squatch: 1, type: 'document', html: '<p>first</p>' }, '*');
    writer(frame, '<p>ünïcode &amp; 100%</p>')(false);
    expect(ownDocument(frame)).toBe('<p>ünïcode &amp; 100%</p>');
    expect(frame.hasAttribute('sandbox')).toBe(false);
  });

  it('fall back to sandboxed srcdoc (no allow-same-origin) when the boot document loads without saying ready', async () => {
    vi.useFakeTimers();
    try {
      const [frame, booted] = bootFrame();
      frame.onload!(new Event('load'));
      vi.advanceTimersByTime(99);
      const shown = booted.then(writer(frame, '<p>template</p>'));
      await vi.runAllTimersAsync();
      await shown;
      expect(frame.getAttribute('sandbox')).toBe(SANDBOX);
      expect(SANDBOX).not.toContain('allow-same-origin');
      expect(frame.srcdoc).toBe('<p>template</p>');
      writer(frame, '<p>next</p>')(false);
      expect(frame.srcdoc).toBe('<p>next</p>');
    } finally {
      vi.useRealTimers();
    }
  });

  it('hear only their own window, and only well-formed messages', () => {
    const [frame] = bootFrame();
    const [other] = bootFrame();
    document.body.append(frame, other);
    const handler = vi.fn();
    onFrameMessage(frame, handler);

    post({ squatch: 1, type: 'close' }, other.contentWindow);
    post({ squatch: 1, type: 'close' }, window);
    post({ squatch: 1, type: 'close' }, null);
    post({ squatch: 1, type: 'bogus' }, frame.contentWindow);
    post('close', frame.contentWindow);
    expect(handler).not.toHaveBeenCalled();

    post({ squatch: 1, type: 'close' }, frame.contentWindow);
    expect(handler).toHaveBeenCalledExactlyOnceWith({ type: 'close' });
  });

  it('hear nothing once detached (no window to compare with)', () => {
    const [frame] = bootFrame();
    const handler = vi.fn();
    onFrameMessage(frame, handler);
    post({ squatch: 1, type: 'close' }, null);
    expect(handler).not.toHaveBeenCalled();
  });
});
