// @vitest-environment-options {"url": "https://shop.example.com/thanks"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CtaWidget } from '../src/CtaWidget.js';
import { EmbedWidget } from '../src/EmbedWidget.js';
import { PopupWidget } from '../src/PopupWidget.js';
import type { Widget } from '../src/Widget.js';
import { Widgets } from '../src/Widgets.js';
import { BOOT_DOCUMENT, SANDBOX } from '../src/frame.js';
import { clearCookies, flush, mockFetch, ownDocument, post, shownIn, SHOWN_TEMPLATE, TEMPLATE, withSizeReport } from './helpers.js';

const DOMAIN = 'http://127.0.0.1:8000';
const user = { id: 'u1', accountId: 'a1' };
const widgets = () => new Widgets({ tenantAlias: 'test_masthead', domain: DOMAIN });
const reply = (extra: Record<string, unknown> = {}) => ({ body: { template: TEMPLATE, user, jsOptions: {}, ...extra } });
const popups = () => Array.from(document.querySelectorAll<HTMLElement>('[role=dialog]'));

afterEach(() => {
  document.body.replaceChildren();
  clearCookies();
});

describe('showing a widget', () => {
  it('upserts and shows a popup by default, resolving to the widget and the user', async () => {
    const calls = mockFetch(reply());
    const result = await widgets().upsertUser({ user });
    expect(calls[0]!.method).toBe('PUT');
    expect(result.user).toEqual(user);
    expect(result.widget).toBeInstanceOf(PopupWidget);
    const popup = result.widget as PopupWidget;
    expect(await shownIn(popup.frame)).toBe(SHOWN_TEMPLATE);
    expect(popup.popupdiv.style.visibility).toBe('hidden');
  });

  it("starts a popup's frame while the server answers, and posts the template into it once it is ready", async () => {
    let answer: ((response: Response) => void) | undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const pending = widgets().upsertUser({ user });
    await vi.waitFor(() => expect(answer).toBeDefined());
    const [early] = popups();
    const frame = early!.querySelector('iframe')!;
    expect([early!.style.visibility, early!.style.top, ownDocument(frame)]).toEqual(['hidden', '-2000px', BOOT_DOCUMENT]);
    expect(frame.hasAttribute('sandbox')).toBe(false);
    const send = vi.spyOn(frame.contentWindow!, 'postMessage');
    post({ squatch: 1, type: 'ready' }, frame.contentWindow);
    answer!(new Response(JSON.stringify(reply().body)));
    const { widget } = await pending;
    await flush();
    expect(widget.frame).toBe(frame);
    expect(popups()).toEqual([early]);
    expect(send).toHaveBeenCalledWith({ squatch: 1, type: 'document', html: SHOWN_TEMPLATE }, '*');
    expect(ownDocument(frame)).toBe(BOOT_DOCUMENT);
  });

  it('writes the template as sandboxed srcdoc when the boot document loads without saying ready (a page policy)', async () => {
    mockFetch(reply());
    const { widget } = await widgets().upsertUser({ user });
    widget.frame.onload!(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(widget.frame.srcdoc).toBe(SHOWN_TEMPLATE);
    expect(widget.frame.getAttribute('sandbox')).toBe(SANDBOX);
  });

  it('embeds without starting a popup', async () => {
    document.body.innerHTML = '<div id="squatchembed"></div>';
    mockFetch(reply());
    const { widget } = await widgets().upsertUser({ user, engagementMedium: 'EMBED' });
    expect(popups()).toHaveLength(0);
    expect(await shownIn(widget.frame)).toBe(SHOWN_TEMPLATE);
  });

  it('renders an existing user with a GET and embeds when asked', async () => {
    document.body.innerHTML = '<div id="squatchembed"></div>';
    const calls = mockFetch(reply(), { body: {} });
    const { widget } = await widgets().render({ user, engagementMedium: 'EMBED' });
    expect(calls[0]!.method).toBe('GET');
    expect(widget).toBeInstanceOf(EmbedWidget);
    expect((widget as EmbedWidget).element.id).toBe('squatchembed');
  });

  it('shows a CTA when a matching mapping says so, placed by jsOptions', async () => {
    mockFetch(
      reply({
        template: '<html><body><div id="cta"><div class="cta-container">Refer</div></div><p>W</p></body></html>',
        jsOptions: {
          widgetUrlMappings: [{ url: 'thanks', widgetType: 'REFERRER_WIDGET', showAsCTA: true }],
          cta: { content: { buttonSide: 'left', buttonPosition: 'middle' } },
        },
      }),
    );
    const { widget } = await widgets().upsertUser({ user });
    expect(widget).toBeInstanceOf(CtaWidget);
    const cta = widget as CtaWidget;
    expect(cta.ctaFrame.style.left).toBe('-10px');
    expect(cta.ctaFrame.style.top).toBe('45%');
    expect(await shownIn(cta.ctaFrame)).toContain('<div class="cta-container">Refer</div>');
    const shown = await shownIn(cta.frame);
    expect(shown).not.toContain('id="cta"');
    expect(shown).toContain('<p>W</p>');
  });

  it('ignores a CONVERSION_WIDGET mapping for a user who was not referred', async () => {
    const jsOptions = { widgetUrlMappings: [{ url: 'thanks', widgetType: 'CONVERSION_WIDGET', showAsCTA: true, displayOnLoad: true }] };
    mockFetch(reply({ jsOptions }));
    const plain = await widgets().upsertUser({ user });
    expect(plain.widget).not.toBeInstanceOf(CtaWidget);
    expect((plain.widget as PopupWidget).popupdiv.style.visibility).toBe('hidden');

    mockFetch(reply({ jsOptions, user: { ...user, referredBy: { code: 'BOB' } } }));
    const referred = await widgets().upsertUser({ user });
    expect(referred.widget).toBeInstanceOf(CtaWidget);
    expect((referred.widget as PopupWidget).popupdiv.style.visibility).toBe('visible');
  });

  it('opens right after load when a mapping or the page sets displayOnLoad', async () => {
    mockFetch(reply({ jsOptions: { widgetUrlMappings: [{ url: 'thanks', displayOnLoad: true }] } }));
    const fromMapping = await widgets().upsertUser({ user });
    expect((fromMapping.widget as PopupWidget).popupdiv.style.visibility).toBe('visible');

    mockFetch(reply());
    const fromPage = await widgets().upsertUser({ user, displayOnLoad: true });
    expect((fromPage.widget as PopupWidget).popupdiv.style.visibility).toBe('visible');
  });

  it('opens at once for a referred user on a page of jsOptions.conversionUrls, not for anyone else', async () => {
    const jsOptions = { conversionUrls: ['/cart', '/thanks$'] };
    mockFetch(reply({ jsOptions, user: { ...user, referredBy: { code: 'BOB' } } }));
    const referred = await widgets().upsertUser({ user });
    expect((referred.widget as PopupWidget).popupdiv.style.visibility).toBe('visible');

    mockFetch(reply({ jsOptions }));
    const plain = await widgets().upsertUser({ user });
    expect((plain.widget as PopupWidget).popupdiv.style.visibility).toBe('hidden');

    mockFetch(reply({ jsOptions: { conversionUrls: ['/cart'] }, user: { ...user, referredBy: { code: 'BOB' } } }));
    const elsewhere = await widgets().upsertUser({ user });
    expect((elsewhere.widget as PopupWidget).popupdiv.style.visibility).toBe('hidden');
  });

  it('takes the widget type from the page, else from jsOptions', async () => {
    mockFetch(reply({ jsOptions: { widget: { defaultWidgetType: 'p/default' } } }));
    expect((await widgets().upsertUser({ user })).widget.type).toBe('p/default');
    expect((await widgets().upsertUser({ user, widgetType: 'p/mine' })).widget.type).toBe('p/mine');
  });

  it('fills a fuel-tank form field on a matching page', async () => {
    document.body.innerHTML = '<input id="coupon">';
    mockFetch(
      reply({
        user: { ...user, referredBy: { code: 'BOB', referredReward: { fuelTankCode: 'FUEL-9' } } },
        jsOptions: { fuelTankAutofillUrls: [{ url: 'thanks', formSelector: '#coupon' }] },
      }),
    );
    await widgets().upsertUser({ user });
    expect((document.getElementById('coupon') as HTMLInputElement).value).toBe('FUEL-9');
  });

  it("fails with 'Unable to get a response' on an empty reply", async () => {
    mockFetch({});
    await expect(widgets().upsertUser({ user })).rejects.toThrow('Unable to get a response');
  });
});

describe('the error widget', () => {
  const error = { message: 'Oops', apiErrorCode: 'INTERNAL', rsCode: 'RS<042>', statusCode: 500 };

  it('shows the rsCode in a closable popup and rethrows the API error', async () => {
    mockFetch({ status: 500, body: error });
    await expect(widgets().upsertUser({ user })).rejects.toEqual(error);
    expect(popups()).toHaveLength(1);
    const frame = popups()[0]!.querySelector('iframe')!;
    const shown = await shownIn(frame);
    expect(shown).toContain('Our referral program is temporarily unavailable.');
    expect(shown).toContain('Please reload the page or check back later.');
    expect(shown).toContain('If the persists please contact our support team.');
    expect(shown).toContain('Error Code: RS&#60;042&#62;');
    expect(shown).toContain('<button type="button" class="close" data-squatch-close');
  });

  it('rethrows the very object the API rejected with', async () => {
    const factory = widgets();
    const sent = { ...error };
    vi.spyOn(factory.api, 'render').mockRejectedValue(sent);
    await expect(factory.render({ user })).rejects.toBe(sent);
    expect(popups()).toHaveLength(1);
  });

  it('opens from the trigger and closes from its close button', async () => {
    document.body.innerHTML = '<button class="squatchpop">Refer</button>';
    mockFetch({ status: 500, body: error });
    await widgets().upsertUser({ user }).catch(() => undefined);
    const [popup] = popups();
    document.querySelector<HTMLElement>('.squatchpop')!.click();
    expect(popup!.style.visibility).toBe('visible');
    post({ squatch: 1, type: 'close' }, popup!.querySelector('iframe')!.contentWindow);
    expect(popup!.style.visibility).toBe('hidden');
  });

  it('is embedded for an embed, without a close button', async () => {
    document.body.innerHTML = '<div id="squatchembed"></div>';
    mockFetch({ status: 400, body: error });
    await expect(widgets().upsertUser({ user, engagementMedium: 'EMBED' })).rejects.toEqual(error);
    const shown = await shownIn(document.querySelector('#squatchembed iframe') as HTMLIFrameElement);
    expect(shown).toContain('Error Code: RS&#60;042&#62;');
    expect(shown).not.toContain('class="close"');
  });

  it('still rethrows the API error when there is nowhere to embed it', async () => {
    mockFetch({ status: 400, body: error });
    await expect(widgets().upsertUser({ user, engagementMedium: 'EMBED' })).rejects.toEqual(error);
  });

  it('is not shown for an error without apiErrorCode', async () => {
    mockFetch({ status: 401, body: { message: 'no' } });
    await expect(widgets().upsertUser({ user })).rejects.toEqual({ message: 'no' });
    expect(popups()).toHaveLength(0);
  });
});

describe('analytics from the frame', () => {
  it('records the load event on open (with programId) and a share event per shared message', async () => {
    const calls = mockFetch(reply({ jsOptions: { programId: 'prog' } }), { body: {} });
    const { widget } = await widgets().upsertUser({ user });
    widget.open();
    post({ squatch: 1, type: 'shared', shareMedium: 'TWITTER' }, widget.frame.contentWindow);
    post({ squatch: 1, type: 'shared', shareMedium: 'twitter' }, widget.frame.contentWindow);
    await flush();
    expect(calls.slice(1).map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${DOMAIN}/a/test_masthead/widgets/analytics/loaded?externalAccountId=a1&externalUserId=u1&engagementMedium=POPUP&programId=prog`,
      `POST ${DOMAIN}/a/test_masthead/widgets/analytics/shared?externalAccountId=a1&externalUserId=u1&engagementMedium=POPUP&shareMedium=TWITTER`,
    ]);
  });
});

describe('the engagement medium CTA', () => {
  it('is what a widget shown as a CTA records its load and shares with', async () => {
    const calls = mockFetch(
      reply({ jsOptions: { widgetUrlMappings: [{ url: 'thanks', widgetType: 'REFERRER_WIDGET', showAsCTA: true }] } }),
      { body: {} },
    );
    const { widget } = await widgets().upsertUser({ user, widgetType: 'REFERRER_WIDGET' });
    expect(widget).toBeInstanceOf(CtaWidget);
    expect(widget.context.engagementMedium).toBe('CTA');
    widget.open();
    post({ squatch: 1, type: 'shared', shareMedium: 'EMAIL' }, widget.frame.contentWindow);
    await flush();
    expect(calls.slice(1).map((c) => c.url)).toEqual([
      `${DOMAIN}/a/test_masthead/widgets/analytics/loaded?externalAccountId=a1&externalUserId=u1&engagementMedium=CTA`,
      `${DOMAIN}/a/test_masthead/widgets/analytics/shared?externalAccountId=a1&externalUserId=u1&engagementMedium=CTA&shareMedium=EMAIL`,
    ]);
    // A reload asks for the template the CTA's popup was made from, as the first request did.
    const reload = mockFetch({ body: { template: '<p>stats</p>' } });
    await widget.reload({ email: 'new@example.com' });
    expect(reload[0]!.url).toContain('engagementMedium=POPUP');
  });
});

describe('reload and the registration follow-up', () => {
  const rendered = async (extra: Record<string, unknown> = {}): Promise<Widget> => {
    mockFetch(reply());
    const { widget } = await widgets().upsertUser({ user, ...extra });
    await shownIn(widget.frame);
    return widget;
  };

  it('upserts the new profile for an upsert-type widget', async () => {
    const widget = await rendered({ widgetType: 'REFERRER_WIDGET' });
    const calls = mockFetch({ body: { template: '<p>stats</p>' } });
    await widget.reload({ email: 'new@example.com', firstName: 'Ann' }, 'JWT');
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `${DOMAIN}/api/v1/test_masthead/widget/account/a1/user/u1/upsert?widgetType=REFERRER_WIDGET&engagementMedium=POPUP`,
      headers: { 'X-SaaSquatch-User-Token': 'JWT' },
      body: { email: 'new@example.com', firstName: 'Ann', lastName: null, id: 'u1', accountId: 'a1' },
    });
  });

  it('uses cookie_user for a cookie-type widget', async () => {
    mockFetch(reply());
    const { widget } = await widgets().createCookieUser({});
    const calls = mockFetch({ body: { template: '<p>stats</p>' } });
    await widget.reload({ email: 'new@example.com' });
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `${DOMAIN}/api/v1/test_masthead/widget/user/cookie_user?engagementMedium=POPUP`,
      body: { email: 'new@example.com', firstName: null, lastName: null },
    });
  });

  it("can't reload an error widget", () => {
    const error = new PopupWidget({
      content: '',
      api: widgets().api,
      context: { type: 'error', engagementMedium: 'POPUP' },
    });
    error.load();
    expect(() => error.reload({ email: 'x@y.z' })).toThrow("can't reload an error widget");
  });

  it('needs a frame in the page', () => {
    const detached = new PopupWidget({ content: '', api: widgets().api, context: { type: 'cookie', engagementMedium: 'POPUP' } });
    expect(() => detached.reload({ email: 'x@y.z' })).toThrow('Frame needs a content window');
  });

  it.each([
    ['REFERRER_WIDGET', 'Show Stats'],
    ['CONVERSION_WIDGET', 'Show Reward'],
  ])('after a registration from a %s frame shows "%s", then the new widget on click', async (widgetType, label) => {
    const widget = (await rendered({ widgetType })) as PopupWidget;
    const calls = mockFetch({ body: { template: '<p>new widget</p>' } });
    post({ squatch: 1, type: 'register', email: '<b>@example.com' }, widget.frame.contentWindow);
    await flush();
    expect(calls).toHaveLength(1);
    expect(ownDocument(widget.frame)).toContain('<strong>&#60;b&#62;@example.com</strong><br>Has been successfully registered');
    expect(ownDocument(widget.frame)).toContain(`data-squatch-open>${label}</button>`);

    post({ squatch: 1, type: 'open' }, widget.frame.contentWindow);
    await flush();
    expect(ownDocument(widget.frame)).toBe(withSizeReport('<p>new widget</p>'));
    expect(widget.popupdiv.style.visibility).toBe('visible');
  });

  it('keeps the old content when the reload fails', async () => {
    const widget = await rendered();
    mockFetch({ status: 500, body: { message: 'down' } });
    const send = vi.spyOn(widget.frame.contentWindow!, 'postMessage');
    await widget.reload({ email: 'x@y.z' });
    await flush();
    expect(send).not.toHaveBeenCalled();
    expect(ownDocument(widget.frame)).toBe(BOOT_DOCUMENT);
  });
});

describe('autofill', () => {
  it('puts the referral code into the first matching field', async () => {
    document.body.innerHTML = '<input class="code"><input class="code">';
    mockFetch({ body: { codes: ['BOB'] } });
    await widgets().autofill('.code');
    const [first, second] = Array.from(document.querySelectorAll('input'));
    expect([first!.value, second!.value]).toEqual(['BOB', '']);
  });

  it('passes the reply, with its code, to a function', async () => {
    mockFetch({ body: { code: 'BOB' } });
    const fn = vi.fn();
    await widgets().autofill(fn);
    expect(fn).toHaveBeenCalledWith({ code: 'BOB', encodedCookie: '' });
  });
});
