import { Route, Routes } from 'react-router';
import { AccountLayout } from './AccountLayout';
import { AccountIndexRedirect, RedirectIfLoggedIn, RequireLogin } from './guards';
import { lazyScreen } from './lazyScreen';

// Each screen is its own chunk; the name is what "Loading chunk N failed." reports.
const Login = lazyScreen('login', () => import('./screens/LoginScreen'));
const Register = lazyScreen('register', () => import('./screens/RegisterScreen'));
const RegisterSuccess = lazyScreen('register-success', () => import('./screens/RegisterSuccessScreen'));
const ForgotPassword = lazyScreen('forgot-password', () => import('./screens/ForgotPasswordScreen'));
const ResetPassword = lazyScreen('reset-password', () => import('./screens/ResetPasswordScreen'));
const Settings = lazyScreen('settings', () => import('./screens/SettingsScreen'));
const DisplaySettings = lazyScreen('display-settings', () => import('./screens/DisplaySettingsScreen'));
const UpdateEmail = lazyScreen('update-email', () => import('./screens/UpdateEmailScreen'));
const VerifyEmailChange = lazyScreen('verify-email-change', () => import('./screens/VerifyEmailChangeScreen'));
const NotFound = lazyScreen('not-found', () => import('./screens/NotFoundScreen'));

export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/account" element={<AccountLayout />}>
        <Route index element={<AccountIndexRedirect />} />
        <Route path="login" element={<Login />} />
        <Route
          path="register"
          element={
            <RedirectIfLoggedIn>
              <Register />
            </RedirectIfLoggedIn>
          }
        />
        <Route path="register-success" element={<RegisterSuccess />} />
        <Route path="forgot-password" element={<ForgotPassword />} />
        <Route path="reset-password" element={<ResetPassword />} />
        <Route
          path="settings"
          element={
            <RequireLogin>
              <Settings />
            </RequireLogin>
          }
        />
        <Route
          path="settings/display"
          element={
            <RequireLogin>
              <DisplaySettings />
            </RequireLogin>
          }
        />
        <Route path="settings/update-email" element={<UpdateEmail />} />
        <Route path="settings/verify-email-change" element={<VerifyEmailChange />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
