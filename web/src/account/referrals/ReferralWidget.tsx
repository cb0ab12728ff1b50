import type { WidgetType } from '@masthead/widget';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReferralAccess } from '../../api/referrals';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { loadWidgetLibrary, type WidgetLibrary } from './widgetLibrary';

export const WIDGET_ERROR_MESSAGE = "Sorry, we couldn't load the referral program.";
const OFFLINE_HINT = 'Please check your connection and try again.';

interface ReferralWidgetProps {
  access: ReferralAccess;
  widgetType: WidgetType;
  /** The frame's accessible name. */
  frameTitle: string;
  loadingLabel: string;
  /** Fetches a new JWT before the widget is asked for again. */
  renewAccess: () => Promise<unknown>;
  load?: () => Promise<WidgetLibrary>;
}

type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; detail: string };

/** The referral service's refusals carry a sentence for people; anything else gets a hint. */
function detailOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'apiErrorCode' in error) {
    const { message, rsCode } = error as { message?: unknown; rsCode?: unknown };
    const text = typeof message === 'string' && message.trim() ? message.trim() : 'Please try again.';
    return typeof rsCode === 'string' && rsCode ? `${text} (Error code ${rsCode})` : text;
  }
  return OFFLINE_HINT;
}

/**
 * The reader's referral widget, embedded in the page through the widget library: upserts the
 * reader with their JWT (call 2) and shows the template in the library's frame (PROTOCOL.md).
 */
export function ReferralWidget({ access, widgetType, frameTitle, loadingLabel, renewAccess, load = loadWidgetLibrary }: ReferralWidgetProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  // The JWT is read when the widget is asked for; a renewed JWT alone does not redraw it.
  const accessRef = useRef(access);
  useEffect(() => {
    accessRef.current = access; // runs before the effect below, which reads it
  });
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const statusId = useId();
  const { tenantAlias, domain } = access;
  const { id, accountId } = access.user;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // Each attempt gets its own element: a slow earlier attempt can only ever fill its own.
    const host = document.createElement('div');
    container.replaceChildren(host);
    let cancelled = false;
    setStatus({ kind: 'loading' });

    load()
      .then(({ Widgets }) => {
        if (cancelled) return null;
        const { jwt, user } = accessRef.current;
        return new Widgets({ tenantAlias, domain }).upsertUser({
          user: { ...user },
          jwt,
          widgetType,
          engagementMedium: 'EMBED',
          container: host,
        });
      })
      .then((result) => {
        if (cancelled || !result) return;
        const { widget } = result;
        widget.frame.title = frameTitle;
        // An embedded template has no close button (the server renders one only for popups).
        widget.open();
        setStatus({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        if (!cancelled) setStatus({ kind: 'error', detail: detailOf(error) });
      });

    return () => {
      cancelled = true;
      host.remove();
    };
  }, [load, tenantAlias, domain, id, accountId, widgetType, frameTitle, attempt]);

  const retry = () => {
    setRetrying(true);
    void renewAccess()
      .catch(() => undefined)
      .finally(() => {
        setRetrying(false);
        setAttempt((value) => value + 1);
      });
  };

  return (
    <div className="referral-widget" aria-busy={status.kind === 'loading' || undefined}>
      {status.kind === 'loading' && <Spinner label={loadingLabel} />}
      {status.kind === 'error' && (
        <div className="referral-widget__state">
          <div role="alert" className="alert alert--error" id={statusId}>
            <p>{WIDGET_ERROR_MESSAGE}</p>
            <p>{status.detail}</p>
          </div>
          <Button variant="secondary" onClick={retry} busy={retrying} aria-describedby={statusId}>
            Try again
          </Button>
        </div>
      )}
      <div ref={containerRef} className="referral-widget__frame" hidden={status.kind === 'error'} />
    </div>
  );
}
