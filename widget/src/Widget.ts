import { sendAnalytics } from './analytics.js';
import { loadChunk } from './chunks.js';
import { bootFrame, onFrameMessage, postToFrame, SIZE_REPORT, writer, type Boot } from './frame.js';
import { log } from './log.js';
import type { FrameMessage } from './protocol.js';
import type { ReloadParams, WidgetContext } from './types.js';
import { fail, loadEventParams } from './validate.js';
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
   * server answered (Widgets does so for popups); else the widget starts its own.
   */
  boot?: Boot | undefined;
}

/** A widget's template in a frame of its own origin, driven by the messages of widget/PROTOCOL.md. */
export abstract class Widget {
  declare readonly frame: HTMLIFrameElement;
  declare content: string;
  declare type: string | undefined;
  declare widgetApi: WidgetApi;
  declare context: WidgetContext;
  declare protected _isOpen: boolean;
  declare private _identity: unknown;
  /** `content` was replaced by a reload and waits behind the registration follow-up. */
  declare private _pending: boolean;
  /** Whether the frame's boot document takes the next document (frame.ts's Boot); false once written. */
  declare private _boot: Promise<boolean>;

  protected constructor({ content, type, api, context, identity, boot }: WidgetParams) {
    const [frame, booted] = boot ?? bootFrame();
    Object.assign(this, { content, type, widgetApi: api, context, frame, _identity: identity, _boot: booted });
    // A document that loads while the widget is open learns it at once.
    frame.addEventListener('load', () => this._isOpen && postToFrame(frame, 'opened'));
    onFrameMessage(frame, (message) => this._onMessage(message));
  }

  abstract load(): void;
  abstract open(): void;
  abstract close(): void;

  /**
   * Shows `html` in the frame, with SIZE_REPORT so the frame follows its content whatever the
   * template speaks: the first into its boot document, later ones as documents of their own. In order.
   */
  protected _write(html: string): void {
    this._boot = this._boot.then(writer(this.frame, html + SIZE_REPORT));
  }

  /** Shared by every open(): tell the frame and record the load analytic. */
  protected _opened(): void {
    this._isOpen = true;
    postToFrame(this.frame, 'opened');
    this._analytics('loaded');
  }

  protected _resize(height: number): void {
    this.frame.height = String(Math.ceil(height));
  }

  private _onMessage(message: FrameMessage): void {
    const { type } = message;
    if (type == 'height') this._resize(message.height);
    if (type == 'close') this.close();
    if (type == 'shared') this._analytics('shared', message.shareMedium);
    if (type == 'open') {
      if (this._pending) this._write(this.content);
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
  protected _analytics(kind: 'loaded' | 'shared', shareMedium?: string): void {
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
  reload(params: ReloadParams, jwt?: string): Promise<void> {
    if (!this.frame.contentWindow) fail('Frame needs a content window');
    if (this.context.type == 'error') fail("can't reload an error widget");
    return loadChunk('documents')
      .then((chunk) => chunk.reloadWidget(this, params, jwt))
      .then((reloaded) => {
        if (!reloaded) return;
        const [template, followUp] = reloaded;
        this.content = template;
        this._pending = true;
        this._write(followUp);
      })
      .catch(log);
  }
}
