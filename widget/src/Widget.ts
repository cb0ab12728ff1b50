import { sendAnalytics } from './analytics.js';
import { followUpDocument } from './documents.js';
import { createFrame, onFrameMessage, postToFrame, type Boot } from './frame.js';
import { log } from './log.js';
import type { FrameMessage } from './protocol.js';
import type { ReloadParams, WidgetContext } from './types.js';
import { fail, isObject, isText, loadEventParams } from './validate.js';
import type { WidgetApi } from './WidgetApi.js';

export interface WidgetParams {
  /** The HTML document shown in the frame. */
  content: string;
  type?: string | undefined;
  api: WidgetApi;
  context: WidgetContext;
  /** Who the widget is for, for the load and share analytics (see loadEventParams). */
  identity?: unknown;
  /**
   * A frame already in its place in the page, started with frame.ts's bootFrame() while the
   * server answered (Widgets does so for popups); the widget's first document is posted into it.
   */
  boot?: Boot | undefined;
}

/** A widget's template in a sandboxed frame, driven by the messages of widget/PROTOCOL.md. */
export abstract class Widget {
  declare readonly frame: HTMLIFrameElement;
  declare content: string;
  declare type: string | undefined;
  declare widgetApi: WidgetApi;
  declare context: WidgetContext;
  declare protected isOpen: boolean;
  declare private _identity: unknown;
  /** `content` was replaced by a reload and waits behind the registration follow-up. */
  declare private _pending: boolean;
  /** Whether the frame's boot document takes the next document (see WidgetParams.boot); settles once written. */
  declare private _boot: Promise<boolean> | undefined;

  protected constructor({ content, type, api, context, identity, boot }: WidgetParams) {
    const [frame, booted] = boot ?? [createFrame()];
    Object.assign(this, { content, type, widgetApi: api, context, frame, _identity: identity, _boot: booted });
    // A document that loads while the widget is open learns it at once.
    frame.addEventListener('load', () => this.isOpen && postToFrame(frame, 'opened'));
    onFrameMessage(frame, (message) => this._onMessage(message));
  }

  abstract load(): void;
  abstract open(): void;
  abstract close(): void;

  /**
   * Shows `html` in the frame: posted into a ready boot document (see WidgetParams.boot), else as
   * srcdoc (best set before the frame joins the page: one document load, not two). In order.
   */
  protected write(html: string): void {
    const { frame, _boot: boot } = this;
    const show = (ready: boolean): false => (ready ? postToFrame(frame, 'document', html) : (frame.srcdoc = html), false);
    if (boot) this._boot = boot.then(show);
    else show(false);
  }

  /** Shared by every open(): tell the frame and record the load analytic. */
  protected opened(): void {
    this.isOpen = true;
    postToFrame(this.frame, 'opened');
    this.analytics('loaded');
  }

  protected resize(height: number): void {
    this.frame.height = String(Math.ceil(height));
  }

  private _onMessage(message: FrameMessage): void {
    const { type } = message;
    if (type == 'height') this.resize(message.height);
    if (type == 'close') this.close();
    if (type == 'shared') this.analytics('shared', message.shareMedium);
    if (type == 'open') {
      if (this._pending) this.write(this.content);
      this._pending = false;
      this.open();
    }
    if (type == 'register') {
      try {
        this.reload(message).catch(log);
      } catch (e) {
        log(e);
      }
    }
  }

  /** Calls 6 and 7 for this widget's user; error widgets have no identity and record nothing. */
  protected analytics(kind: 'loaded' | 'shared', shareMedium?: string): void {
    try {
      if (this._identity) void sendAnalytics(this.widgetApi.domain, kind, loadEventParams(this._identity), shareMedium);
    } catch (e) {
      log(e);
    }
  }

  /**
   * Re-requests the widget with the visitor's new profile (after a registration form),
   * then shows the registration follow-up whose button reveals the new widget.
   */
  reload({ email, firstName, lastName }: ReloadParams, jwt?: string): Promise<void> {
    if (!this.frame.contentWindow) fail('Frame needs a content window');
    const { context: ctx, widgetApi: api, type } = this;
    const options = { engagementMedium: ctx.engagementMedium, widgetType: type, jwt };
    const user = { email: email || null, firstName: firstName || null, lastName: lastName || null };
    const reply =
      ctx.type == 'upsert'
        ? api.upsertUser({ ...options, user: { ...user, id: ctx.user.id, accountId: ctx.user.accountId } })
        : ctx.type == 'cookie'
          ? api.cookieUser({ ...options, user })
          : fail("can't reload an error widget");
    return reply.then((r) => {
      if (!isObject(r) || !isText(r.template)) return;
      this.content = r.template;
      this._pending = true;
      this.write(followUpDocument(email ?? '', type == 'REFERRER_WIDGET' ? 'Show Stats' : 'Show Reward'));
    }, log);
  }
}
