/**
 * The membership dropdown menu in the header: a disclosure button and its panel. Desktop
 * (990px and wider) drops the panel under the button; mobile (989px and narrower) spreads it
 * across the page with a close button. A click outside closes it, except on the toggle,
 * which toggles; Escape closes it and gives the toggle its focus back.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isEntitled } from './access';
import { offerFor, offersMembership } from './cta';
import { loginHref, useAccess, useSite } from './context';
import { Loader } from './Loader';
import { closesMenu, MOBILE_QUERY, type MenuLayout } from './menu';
import { Offer } from './Offer';

function subscribeToLayout(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function currentLayout(): MenuLayout {
  return window.matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

const PANEL_ID = 'membership-menu-panel';

export function MembershipMenu() {
  const { settings, labels, returnTo, mobileApp } = useSite();
  const access = useAccess();
  const layout = useSyncExternalStore(subscribeToLayout, currentLayout);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (closesMenu(event.target, panel.current, toggle.current)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const offer = offerFor(settings.plans, settings.curation, settings.inSupportedRegion);
  let content;
  if (access.status === 'checking') {
    content = <Loader label={labels.loadingLabel} />;
  } else if (isEntitled(access)) {
    content = (
      <>
        <h2>You're a {labels.membership} member</h2>
        <p>Thanks for reading {labels.name}.</p>
        <ul className="membership-menu__links">
          <li>
            <a href="/account/settings/membership">Manage membership</a>
          </li>
          {mobileApp ? null : (
            <li>
              <a href="/account/settings">Account settings</a>
            </li>
          )}
        </ul>
      </>
    );
  } else {
    content = (
      <>
        <h2>{labels.membership} membership</h2>
        <p>{labels.paywallText}</p>
        {offer && offersMembership(access) ? <Offer offer={offer} /> : null}
        <ul className="membership-menu__links">
          <li>
            <a href="/account/subscribe">See all plans</a>
          </li>
          {access.status === 'reader' || mobileApp ? null : (
            <li>
              <a href={loginHref(returnTo)}>Already a member? Log in</a>
            </li>
          )}
        </ul>
      </>
    );
  }

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="membership-menu__toggle"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((value) => !value)}
      >
        {labels.membership}
      </button>
      <div
        ref={panel}
        id={PANEL_ID}
        className="membership-menu__panel"
        data-layout={layout}
        role="region"
        aria-label={`${labels.membership} membership`}
        hidden={!open}
      >
        {content}
        {layout === 'mobile' ? (
          <button type="button" className="membership-menu__close" onClick={close}>
            Close
          </button>
        ) : null}
      </div>
    </>
  );
}
