import { errorDocument } from './documents.js';
import { EmbedWidget } from './EmbedWidget.js';
import { PopupWidget } from './PopupWidget.js';
import type { Boot } from './frame.js';
import type { EngagementMedium } from './types.js';
import type { Dict } from './validate.js';
import type { WidgetApi } from './WidgetApi.js';

/** The error widget for an API error with an apiErrorCode: its rsCode as 'Error Code', in a popup (closable) or an embed. */
export function showErrorWidget(err: Dict, api: WidgetApi, engagementMedium: EngagementMedium, boot?: Boot): void {
  const embed = engagementMedium == 'EMBED';
  const params = {
    content: errorDocument(String(err.rsCode ?? ''), !embed),
    type: 'ERROR_WIDGET',
    api,
    context: { type: 'error' as const, engagementMedium },
    boot,
  };
  (embed ? new EmbedWidget(params) : new PopupWidget(params)).load();
}
