import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Avatar } from './Avatar';
import { initialsOf } from './initials';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';

export interface HeaderProps {
  loggedIn: boolean;
  fullName?: string | null | undefined;
  /** Used for the initials when the reader has no name yet. */
  email?: string | null | undefined;
  avatarColor?: string | null | undefined;
  /** False on the login page: the login/account control is left out there. */
  showAccountControl: boolean;
  loginHref: string;
  settingsHref: string;
  homeHref: string;
  onLogOut: () => void;
  /** Lets a single-page app handle its own links without a page load. */
  onNavigate?: (href: string) => void;
}

/** Site header with the login button or the reader's avatar menu. */
export function Header(props: HeaderProps) {
  const { loggedIn, showAccountControl, loginHref, homeHref, onNavigate } = props;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="site-header__brand" href={homeHref} onClick={linkHandler(homeHref, onNavigate)}>
          Masthead
        </a>
        {showAccountControl &&
          (loggedIn ? (
            <AccountControl {...props} />
          ) : (
            <a className="button button--primary button--small" href={loginHref} onClick={linkHandler(loginHref, onNavigate)}>
              Log in
            </a>
          ))}
      </div>
    </header>
  );
}

function AccountControl({ fullName, email, avatarColor, settingsHref, onLogOut, onNavigate }: HeaderProps) {
  const isSmallScreen = useMediaQuery(MOBILE_QUERY);
  const initials = initialsOf(fullName) || initialsOf(email ?? '');
  const avatar = <Avatar initials={initials} color={avatarColor} />;

  // On small screens a menu is more trouble than it is worth: the avatar goes to settings.
  if (isSmallScreen) {
    return (
      <a className="avatar-link" href={settingsHref} onClick={linkHandler(settingsHref, onNavigate)} aria-label="Account settings">
        {avatar}
      </a>
    );
  }
  return (
    <AccountMenu avatar={avatar} settingsHref={settingsHref} onLogOut={onLogOut} onNavigate={onNavigate} name={fullName} />
  );
}

interface AccountMenuProps {
  avatar: ReactNode;
  name: string | null | undefined;
  settingsHref: string;
  onLogOut: () => void;
  onNavigate: ((href: string) => void) | undefined;
}

/** A disclosure: a button that shows a short list of links; Escape and outside clicks close it. */
function AccountMenu({ avatar, name, settingsHref, onLogOut, onNavigate }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div
      className="account-menu"
      ref={rootRef}
      onBlur={(event) => {
        // Tabbing out of the menu closes it.
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={name ? `Account menu for ${name}` : 'Account menu'}
        onClick={() => setOpen((value) => !value)}
      >
        {avatar}
        <span className="account-menu__caret" aria-hidden="true" />
      </button>
      <ul id={menuId} className="account-menu__list" hidden={!open}>
        <li>
          <a
            className="account-menu__item"
            href={settingsHref}
            onClick={(event) => {
              close();
              linkHandler(settingsHref, onNavigate)(event);
            }}
          >
            Settings
          </a>
        </li>
        <li>
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              close();
              onLogOut();
            }}
          >
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}

function linkHandler(href: string, onNavigate: ((href: string) => void) | undefined) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(href);
  };
}
