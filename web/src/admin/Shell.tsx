import { useContext, useRef, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '../ui/Button';
import { errorText } from '../ui/ModalDialog';
import { useMe, useSignOut, type Me } from './data';
import { SIGN_IN_PATH, SigningOut } from './guards';
import { sectionsFor } from './roles';

/** Every page of the console: the header (who is signed in, sign out, the sections their roles open) and the page. */
export function Shell() {
  const me = useMe().data ?? null;
  const signingOut = useRef(false);
  return (
    <SigningOut.Provider value={signingOut}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-header__bar">
          <a className="admin-header__brand" href="/admin">
            Masthead <span className="admin-header__label">staff console</span>
          </a>
          {me && <SignedIn me={me} />}
        </div>
        {me && <SectionNav roles={me.roles} />}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </SigningOut.Provider>
  );
}

function SignedIn({ me }: { me: Me }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const signingOut = useContext(SigningOut);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSignOut = async () => {
    setBusy(true);
    setError(null);
    signingOut.current = true;
    try {
      await signOut(() => navigate(SIGN_IN_PATH, { replace: true }));
    } catch (caught) {
      signingOut.current = false;
      // Still signed in on the server: say so rather than pretend.
      setError(errorText(caught));
      setBusy(false);
    }
  };

  return (
    <div className="admin-header__who">
      <p className="admin-header__name">
        <span className="visually-hidden">Signed in as </span>
        {me.display_name || me.email}
      </p>
      <Button variant="secondary" className="button--small" busy={busy} onClick={() => void handleSignOut()}>
        Sign out
      </Button>
      {error && (
        <p role="alert" className="admin-header__error">
          {error}
        </p>
      )}
    </div>
  );
}

function SectionNav({ roles }: { roles: readonly string[] }) {
  return (
    <nav className="admin-nav" aria-label="Console sections">
      <ul className="admin-nav__list">
        <li>
          <NavLink to="/admin" end>
            Overview
          </NavLink>
        </li>
        {sectionsFor(roles).map((section) => (
          <li key={section.path}>
            <NavLink to={section.path}>{section.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
