/**
 * The reader's notifications: a button with the unread count (no bell glyph: not every
 * reader's fonts have one); opening it lists the latest
 * (GET /comments/v1/notifications) and marks them read. Escape closes it, focus back on the
 * button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { CommentsError, getNotifications, markNotificationsRead, UNKNOWN_MESSAGE } from './api';
import { useComments } from './context';
import type { Notification } from './wire';

/** A notification's link: a path on this site or an http(s) address, never script. */
export function notificationHref(url: string | null): string | null {
  if (!url) return null;
  if (/^\/(?![/\\])/.test(url)) return url.includes('#') ? url : `${url}#comments`;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (!parsed.hash) parsed.hash = 'comments';
    return parsed.href;
  } catch {
    return null;
  }
}

export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
}

export function Bell({ unread, onRead }: { unread: number; onRead: () => void }) {
  const { forward } = useComments();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    setError(null);
    void (async () => {
      try {
        const found = await getNotifications();
        if (!live) return;
        setItems(found.notifications);
        if (found.unread > 0 || found.notifications.some((item) => !item.read)) {
          await markNotificationsRead();
          if (live) onRead();
        }
      } catch (failure) {
        if (live) setError(failure instanceof CommentsError ? failure.message : UNKNOWN_MESSAGE);
      }
    })();
    return () => {
      live = false;
    };
  }, [open, onRead]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div
      className="comments__bell"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="comments__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          if (!open) forward('notificationDropdownLink');
          setOpen(!open);
        }}
      >
        <span aria-hidden="true">Notifications</span>
        <span className="visually-hidden">{bellLabel(unread)}</span>
        {unread > 0 ? (
          <span className="comments__unread" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      <div className="comments__panel" id={`${id}-panel`} role="region" aria-label="Notifications" hidden={!open}>
        {error ? (
          <p className="comments__error" role="alert">
            {error}
          </p>
        ) : items === null ? (
          <p>Loading notifications…</p>
        ) : items.length === 0 ? (
          <p>No notifications yet.</p>
        ) : (
          <ul>
            {items.map((item) => (
              <li key={item.id} className={item.read ? undefined : 'comments__notification--unread'}>
                {notificationHref(item.post_url) ? (
                  <a
                    href={notificationHref(item.post_url)!}
                    onClick={() => forward('notificationClick', { notificationId: item.id, kind: item.kind })}
                  >
                    {item.text}
                  </a>
                ) : (
                  item.text
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
