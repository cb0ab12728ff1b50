import { sendAnalytics } from './analytics.js';
import { followUpDocument } from './documents.js';
import { createFrame, onFrameMessage, postToFrame } from './frame.js';
import { log } from './log.js';
import type { FrameMessage } from './protocol.js';
import type { ReloadParams, WidgetContext } from './types.js';
import { isObject, isText, loadEventParams } from './validate.js';
import type { WidgetApi } from './WidgetApi.js';

export interface WidgetParams {
  /** The HTML document shown in the frame. */
  content: string;
  type?: string | undefined;
  api: WidgetApi;
  context: WidgetContext;
  /** Who the widget is for, for the load and share analytics (see loadEventParams). */
  identity?: unknown;
}

/** A widget's template in a sandboxed frame, driven by the messages of widget/PROTOCOL.md. */
export abstract class Widget {
  readonly frame: HTMLIFrameElement;
  content: string;
  type: string | undefined;
  widgetApi: WidgetApi;
  context: WidgetContext;
  protected isOpen = false;
  readonly #identity: unknown;
  /** `content` was replaced by a reload and waits behind the registration follow-up. */
  #pending = false;

  protected constructor(params: WidgetParams) {
    this.content = params.content;
    this.type = params.type;
    this.widgetApi = params.api;
    this.context = params.context;
    this.#identity = params.identity;
    const frame = (this.frame = createFrame());
    // A document that loads while the widget is open learns it at once.
    frame.addEventListener('load', () => this.isOpen && postToFrame(frame, 'opened'));
    onFrameMessage(frame, (message) => this.#onMessage(message));
  }

  abstract load(): void;
  abstract open(): void;
  abstract close(): void;

  /** Call once the frame is in the page. */
  protected write(html: string): void {
    if (!this.frame.contentWindow) throw new Error('Frame needs a content window');
    this.frame.srcdoc = html;
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

  #onMessage(message: FrameMessage): void {
    const { type } = message;
    if (type === 'height') this.resize(message.height);
    if (type === 'close') this.close();
    if (type === 'shared') this.analytics('shared', message.shareMedium);
    if (type === 'open-url') open(message.url, '_blank', 'noopener');
    if (type === 'open') {
      if (this.#pending) this.write(this.content);
      this.#pending = false;
      this.open();
    }
    if (type === 'register') {
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
      if (this.#identity) void sendAnalytics(this.widgetApi.domain, kind, loadEventParams(this.#identity), shareMedium);
    } catch (e) {
      log(e);
    }
  }

  /**
   * Re-requests the widget with the visitor's new profile (after a registration form),
   * then shows the registration follow-up whose button reveals the new widget.
   */
  reload({ email, firstName, lastName }: ReloadParams, jwt?: string): Promise<void> {
    if (!this.frame.contentWindow) throw new Error('Frame needs a content window');
    const { context: ctx, widgetApi: api } = this;
    const options = { engagementMedium: ctx.engagementMedium, widgetType: this.type, jwt };
    const user = { email: email || null, firstName: firstName || null, lastName: lastName || null };
    let reply: Promise<unknown>;
    if (ctx.type === 'upsert')
      reply = api.upsertUser({ ...options, user: { ...user, id: ctx.user.id, accountId: ctx.user.accountId } });
    else if (ctx.type === 'cookie') reply = api.cookieUser({ ...options, user });
    else throw new Error("can't reload an error widget");
    return reply.then((r) => {
      if (!isObject(r) || !isText(r.template)) return;
      this.content = r.template;
      this.#pending = true;
      this.write(followUpDocument(email ?? '', this.type === 'REFERRER_WIDGET' ? 'Show Stats' : 'Show Reward'));
    }, log);
  }
}
