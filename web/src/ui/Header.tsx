import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Avatar } from './Avatar';
import './Header.css';
import { initialsOf } from './initials';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';

export interface HeaderProps {
  /** The brand of the site the reader came from: its name, and its home page (the news site). */
  brandName: string;
  homeHref: string;
  loggedIn: boolean;
  fullName?: string | null | undefined;
  /** Used for the initials when the reader has no name yet. */
  email?: string | null | undefined;
  avatarColor?: string | null | undefined;
  /** False on the login page: the login/account control is left out there. */
  showAccountControl: boolean;
  loginHref: string;
  settingsHref: string;
  onLogOut: () => void;
  /** Lets a single-page app handle its own links without a page load. */
  onNavigate?: (href: string) => void;
}

/**
 * The site's own header over the account area: the brand's name (a link back to the news
 * site) in its colours, and the login button or the reader's account menu.
 */
export function Header(props: HeaderProps) {
  const { brandName, homeHref, loggedIn, showAccountControl, loginHref, onNavigate } = props;
  return (
    <header className="brand-header">
      <div className="brand-header__bar">
        {/* The news site is another app: a plain link, a page load. */}
        <a className="brand-header__brand" href={homeHref}>
          {brandName}
        </a>
        <span className="brand-header__label">Your account</span>
        {showAccountControl &&
          (loggedIn ? (
            <AccountControl {...props} />
          ) : (
            <a className="brand-header__login" href={loginHref} onClick={linkHandler(loginHref, onNavigate)}>
              Log in
            </a>
          ))}
      </div>
    </header>
  );
}

function AccountControl(props: HeaderProps) {
  const { fullName, email, avatarColor, settingsHref, onNavigate } = props;
  const isSmallScreen = useMediaQuery(MOBILE_QUERY);
  const initials = initialsOf(fullName) || initialsOf(email ?? '');
  const avatar = <Avatar initials={initials} color={avatarColor} />;

  // Spec: on small screens the avatar goes to settings; the menu (and Log out) is a button
  // of its own beside it.
  if (isSmallScreen) {
    return (
      <div className="brand-header__account">
        <a className="avatar-link" href={settingsHref} onClick={linkHandler(settingsHref, onNavigate)} aria-label="Account settings">
          {avatar}
        </a>
        <AccountMenu
          {...props}
          toggleClass="account-menu__toggle account-menu__toggle--text"
          toggle={
            <>
              <span className="account-menu__bars" aria-hidden="true" />
              Menu
            </>
          }
        />
      </div>
    );
  }
  return (
    <AccountMenu
      {...props}
      toggleClass="account-menu__toggle"
      toggleLabel={fullName ? `Account menu for ${fullName}` : 'Account menu'}
      toggle={
        <>
          {avatar}
          <span className="account-menu__caret" aria-hidden="true" />
        </>
      }
    />
  );
}

interface AccountMenuProps extends HeaderProps {
  toggle: ReactNode;
  toggleClass: string;
  toggleLabel?: string;
}

/** A disclosure: a button that shows a short list of links; Escape and outside clicks close it. */
function AccountMenu({ toggle, toggleClass, toggleLabel, brandName, homeHref, settingsHref, onLogOut, onNavigate }: AccountMenuProps) {
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
        className={toggleClass}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={toggleLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {toggle}
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
          <a className="account-menu__item" href={homeHref}>
            {brandName} home
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
