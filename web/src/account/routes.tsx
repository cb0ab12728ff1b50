import { Route, Routes } from 'react-router';
import { AccountLayout } from './AccountLayout';
import { AccountIndexRedirect, RedirectIfLoggedIn, RequireLogin } from './guards';
import { lazyScreen } from './lazyScreen';
import { SubscriptionLayout } from './membership/SubscriptionProvider';
import { RequireActiveMember } from './RequireActiveMember';

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
const ReferAFriend = lazyScreen('refer-a-friend', () => import('./screens/ReferAFriendScreen'));
const MyRewards = lazyScreen('my-rewards', () => import('./screens/MyRewardsScreen'));
const Subscribe = lazyScreen('subscribe', () => import('./screens/SubscribeScreen'));
const Membership = lazyScreen('membership', () => import('./screens/MembershipScreen'));
const PaymentMethod = lazyScreen('payment-method', () => import('./screens/PaymentMethodScreen'));
const NotFound = lazyScreen('not-found', () => import('./screens/NotFoundScreen'));
const Newsletters = lazyScreen('newsletters', () => import('./newsletters/NewslettersScreen'));
const ExclusiveNewsletters = lazyScreen('exclusive-newsletters', () => import('./newsletters/ExclusiveNewslettersScreen'));
const AccountDeleted = lazyScreen('account-deleted', () => import('./settings/AccountDeletedScreen'));
const NewslettersUpdate = lazyScreen('newsletters-update', () => import('./newsletters/NewslettersUpdateScreen'));
const Onboarding = lazyScreen('onboarding', () => import('./onboarding/OnboardingRoutes'));
const TextAlerts = lazyScreen('texts', () => import('./texts/TextAlertsScreen'));
const Feedback = lazyScreen('feedback', () => import('./feedback/FeedbackScreen'));
const Handoff = lazyScreen('handoff', () => import('./handoff/HandoffScreen'));

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
        <Route path="account-deleted" element={<AccountDeleted />} />
        <Route path="forgot-password" element={<ForgotPassword />} />
        <Route path="handoff" element={<Handoff />} />
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
        <Route
          path="settings/newsletters"
          element={
            <RequireLogin>
              <Newsletters />
            </RequireLogin>
          }
        />
        {/* Its extra gate (a member-like status or home delivery) is the server's, shown inside the screen with why and how to join. */}
        <Route
          path="settings/exclusive-newsletters"
          element={
            <RequireLogin>
              <ExclusiveNewsletters />
            </RequireLogin>
          }
        />
        {/* Opened from a newsletter mail's signed link: no sign-in needed (the link is the key). */}
        <Route path="settings/newsletters-update" element={<NewslettersUpdate />} />
        <Route
          path="settings/feedback"
          element={
            <RequireLogin>
              <Feedback />
            </RequireLogin>
          }
        />
        {/* The payflow's access is "not shown" in the spec: it needs a reader to subscribe, so login. */}
        <Route element={<SubscriptionLayout />}>
          <Route
            path="subscribe"
            element={
              <RequireLogin>
                <Subscribe />
              </RequireLogin>
            }
          />
          <Route
            path="appsubscribe"
            element={
              <RequireLogin>
                <Subscribe />
              </RequireLogin>
            }
          />
          <Route
            path="settings/membership"
            element={
              <RequireLogin>
                <Membership />
              </RequireLogin>
            }
          />
          {/*
            "Login plus extra gate" (spec section 2), decided per route:
            - payment-method: its extra gate is membership enabled, inside the screen
              (MembershipEnabledGate), not RequireActiveMember. This page is where a reader
              without a payment method adds one, and the spec names a "cancelled-user payment
              method" screen: requiring a payment method and an active status here would send
              exactly the readers who need it away.
            - refer-a-friend: RequireActiveMember, the guard of "some pages need a payment
              method and active status (home delivery counts as active)", whose redirect target
              is /account/settings/membership. Referring friends earns rewards credited to the
              referrer's paid membership, so it needs one that is running and can be billed.
            - my-rewards: login only. A reader who joined through a friend's link is shown their
              reward there ("Start your membership to get your reward") before they are a
              member: sending them away would hide the reason to subscribe.
            - texts: login only. The extra gate is the server's (members and home delivery
              readers may turn alerts on: GET .../text-alerts says `eligible`), shown in the
              panel with how to join, like the exclusive newsletters. RequireActiveMember
              would send a lapsed member away from the one place to turn alerts off.
          */}
          <Route
            path="settings/payment-method"
            element={
              <RequireLogin>
                <PaymentMethod />
              </RequireLogin>
            }
          />
          <Route
            path="settings/refer-a-friend"
            element={
              <RequireLogin>
                <RequireActiveMember page="Refer a friend">
                  <ReferAFriend />
                </RequireActiveMember>
              </RequireLogin>
            }
          />
          <Route
            path="onboarding/*"
            element={
              <RequireLogin>
                <Onboarding />
              </RequireLogin>
            }
          />
          <Route
            path="settings/texts"
            element={
              <RequireLogin>
                <TextAlerts />
              </RequireLogin>
            }
          />
          <Route
            path="settings/my-rewards"
            element={
              <RequireLogin>
                <MyRewards />
              </RequireLogin>
            }
          />
        </Route>
        <Route path="settings/update-email" element={<UpdateEmail />} />
        <Route path="settings/verify-email-change" element={<VerifyEmailChange />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
