import { Outlet, useLocation, useNavigate } from 'react-router';
import { Header } from '../ui/Header';
import { DEFAULT_BRAND } from './config';
import { LOGIN_PATH } from './guards';
import { useIdentity } from './state/IdentityProvider';

export function AccountLayout() {
  const { state, logOut, config } = useIdentity();
  const brand = config.brand ?? DEFAULT_BRAND;
  const location = useLocation();
  const navigate = useNavigate();
  const onLoginPage = /^\/account\/login\/?$/.test(location.pathname);

  const handleLogOut = () => {
    void logOut()
      .catch(() => undefined) // the page forgets the reader either way
      .then(() => navigate(LOGIN_PATH));
  };

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The publisher's apps draw their own chrome around the account area. */}
      {!state.mobileApp && (
        <Header
          brandName={brand.name}
          homeHref={brand.homeUrl}
          loggedIn={state.dataLayer.loggedIn}
          fullName={state.user.profile?.['full-name'] ?? state.dataLayer.fullName}
          email={state.user.account?.identifiers.email_address}
          avatarColor={state.user.profile?.['avatar-color']}
          showAccountControl={!onLoginPage}
          loginHref={LOGIN_PATH}
          settingsHref="/account/settings"
          onLogOut={handleLogOut}
          onNavigate={(href) => navigate(href)}
        />
      )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
