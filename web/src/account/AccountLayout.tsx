import { Outlet, useLocation, useNavigate } from 'react-router';
import { Header } from '../ui/Header';
import { DEFAULT_BRAND } from './config';
import { LOGIN_PATH } from './guards';
import { useIdentity } from './state/IdentityProvider';
import { useAccount, useDataLayer, useProfile } from './state/identityData';

export function AccountLayout() {
  const { state, logOut, config } = useIdentity();
  const dataLayer = useDataLayer();
  const profile = useProfile().data;
  const account = useAccount().data;
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
          loggedIn={dataLayer.loggedIn}
          fullName={profile?.['full-name'] ?? dataLayer.fullName}
          email={account?.identifiers.email_address}
          avatarColor={profile?.['avatar-color']}
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
