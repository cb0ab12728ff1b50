// The ES module entry: importing it has no side effects.
export { init, ready, api, widgets, events, widget, autofill, pushCookie } from './squatch.js';
export { Widgets } from './Widgets.js';
export { WidgetApi } from './WidgetApi.js';
export { EventsApi } from './EventsApi.js';
export { Widget } from './Widget.js';
export { PopupWidget } from './PopupWidget.js';
export { EmbedWidget } from './EmbedWidget.js';
export { CtaWidget } from './CtaWidget.js';
export { FRAME_BRIDGE } from './frameBridge.js';
export type * from './types.js';
export type { FrameMessage, ShareMedium } from './protocol.js';
export type { WidgetParams } from './Widget.js';
