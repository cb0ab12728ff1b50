import { afterEach, describe, expect, it, vi } from 'vitest';
import { ctaPlacement, ctaStyle, extractCta } from '../src/cta.js';
import { CtaWidget } from '../src/CtaWidget.js';
import { setDebug } from '../src/log.js';
import { WidgetApi } from '../src/WidgetApi.js';
import { post, shownIn, TEMPLATE } from './helpers.js';

const params = () => ({
  content: TEMPLATE,
  api: new WidgetApi({ tenantAlias: 'acme' }),
  context: { type: 'cookie' as const, engagementMedium: 'POPUP' as const },
});

afterEach(() => {
  document.body.replaceChildren();
  setDebug(false);
});

describe('CTA placement', () => {
  it.each([
    ['left', 'top', { left: '20px', top: '-10px' }],
    ['left', 'middle', { left: '-10px', top: '45%' }],
    ['left', 'bottom', { left: '20px', bottom: '-10px' }],
    ['right', 'top', { right: '20px', top: '-10px' }],
    ['right', 'middle', { right: '-10px', top: '45%' }],
    ['right', 'bottom', { right: '20px', bottom: '-10px' }],
    ['center', 'top', { right: '45%', top: '-10px' }],
    ['center', 'middle', { right: '45%', top: '45%' }],
    ['center', 'bottom', { right: '45%', bottom: '-10px' }],
  ])('%s %s', (side, position, expected) => {
    const widget = new CtaWidget(params(), ctaPlacement(side, position), '<button>Refer</button>');
    const { style } = widget.ctaFrame;
    expect(style.position).toBe('fixed');
    for (const [property, value] of Object.entries(expected)) expect(style.getPropertyValue(property)).toBe(value);
    for (const other of ['left', 'right', 'top', 'bottom'].filter((p) => !(p in expected)))
      expect(style.getPropertyValue(other)).toBe('');
  });

  it.each([
    [undefined, undefined],
    ['sideways', 'floating'],
  ])('defaults to bottom right (%j, %j)', (side, position) => {
    const placement = ctaPlacement(side, position);
    expect(placement).toEqual({ side: 'right', position: 'bottom' });
    expect(ctaStyle(placement)).toBe('right:20px;bottom:-10px');
  });

  it('defaults each of side and position on its own', () => {
    expect(ctaPlacement('left', undefined)).toEqual({ side: 'left', position: 'bottom' });
    expect(ctaPlacement(undefined, 'top')).toEqual({ side: 'right', position: 'top' });
  });
});

describe('extractCta', () => {
  it('leaves a template without #cta untouched', () => {
    const template = '<html><body><div class="cta-container">x</div></body></html>';
    expect(extractCta(template)).toEqual({ html: template, cta: null });
  });

  it('splits the #cta element off the template', () => {
    const { html, cta } = extractCta(
      '<!DOCTYPE html><html><head></head><body><div class="squatch-container">W</div><div id="cta"><div class="cta-container">Refer</div></div></body></html>',
    );
    expect(cta).toBe('<div class="cta-container">Refer</div>');
    expect(html).toBe('<!DOCTYPE html><html><head></head><body><div class="squatch-container">W</div></body></html>');
  });

  it('needs the element to have a parent', () => {
    const detached = document.createElement('div');
    vi.stubGlobal(
      'DOMParser',
      class {
        parseFromString() {
          return { getElementById: () => detached };
        }
      },
    );
    expect(() => extractCta('<div id="cta"></div>')).toThrow('ctaElement needs a parentNode');
  });
});

describe('CtaWidget', () => {
  it('shows the CTA in its own frame, sized by its messages, and opens the popup on click', async () => {
    const widget = new CtaWidget(params(), ctaPlacement('left', 'top'), '<button>Refer</button>');
    widget.load();
    const { ctaFrame } = widget;
    expect(ctaFrame.parentNode).toBe(document.body);
    expect(await shownIn(ctaFrame)).toContain('<div class="squatch-container" data-squatch-open><button>Refer</button></div>');
    expect([ctaFrame.style.opacity, ctaFrame.style.pointerEvents]).toEqual(['0', 'none']);

    post({ squatch: 1, type: 'height', height: 40.5, width: 120 }, ctaFrame.contentWindow);
    expect([ctaFrame.height, ctaFrame.width, ctaFrame.style.opacity, ctaFrame.style.pointerEvents]).toEqual(['41', '120', '1', 'auto']);

    post({ squatch: 1, type: 'open' }, ctaFrame.contentWindow);
    expect(widget.popupdiv.style.visibility).toBe('visible');
  });

  it('logs, and shows no button, when the theme has no CTA element', () => {
    setDebug(true);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const widget = new CtaWidget(params(), ctaPlacement('left', 'top'), null);
    widget.load();
    expect(widget.ctaFrame.parentNode).toBeNull();
    expect(debug).toHaveBeenCalledWith('squatch-js', new Error('CTA element not found in theme'));
  });
});
