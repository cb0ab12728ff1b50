import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { lazyScreen } from '../account/lazyScreen';
import { RequireRole, RequireStaff } from './guards';
import { Shell } from './Shell';

// Each screen is its own chunk, as in the account area.
const SignIn = lazyScreen('admin-sign-in', () => import('./signIn/SignInScreen'));
const Overview = lazyScreen('admin-overview', () => import('./OverviewScreen'));
const StaffRoles = lazyScreen('admin-staff', () => import('./staff/StaffRolesScreen'));
const AuditLog = lazyScreen('admin-audit', () => import('./audit/AuditLogScreen'));
const StaticPages = lazyScreen('admin-static-pages', () => import('./pages/StaticPagesScreen'));
const StaticPageEdit = lazyScreen('admin-static-page', () => import('./pages/StaticPageEditScreen'));
const Plans = lazyScreen('admin-plans', () => import('./marketing/PlansScreen'));
const PlanEdit = lazyScreen('admin-plan', () => import('./marketing/PlanEditScreen'));
const DiscountEdit = lazyScreen('admin-discount', () => import('./marketing/DiscountEditScreen'));
const Rules = lazyScreen('admin-rules', () => import('./marketing/RulesScreen'));
const RuleEdit = lazyScreen('admin-rule', () => import('./marketing/RuleEditScreen'));
const ReferralTenants = lazyScreen('admin-referral-tenants', () => import('./referrals/TenantsScreen'));
const ReferralTenant = lazyScreen('admin-referral-tenant', () => import('./referrals/TenantScreen'));
const ReferralProgramme = lazyScreen('admin-referral-programme', () => import('./referrals/ProgrammeScreen'));
const Referrals = lazyScreen('admin-referrals', () => import('./referrals/ReferralsScreen'));
const Stories = lazyScreen('admin-stories', () => import('./stories/StoriesScreen'));
const StoryEdit = lazyScreen('admin-story', () => import('./stories/StoryEditScreen'));
const Readers = lazyScreen('admin-readers', () => import('./readers/ReadersScreen'));
const Reader = lazyScreen('admin-reader', () => import('./readers/ReaderScreen'));
const Comments = lazyScreen('admin-comments', () => import('./comments/CommentsScreen'));
const WordLists = lazyScreen('admin-word-lists', () => import('./comments/WordListsScreen'));
const CommentSettings = lazyScreen('admin-comment-settings', () => import('./comments/CommentSettingsScreen'));
const NewsletterLists = lazyScreen('admin-newsletters', () => import('./newsletters/NewsletterListsScreen'));
const NewsletterListEdit = lazyScreen('admin-newsletter', () => import('./newsletters/NewsletterListEditScreen'));
const MemberEvents = lazyScreen('admin-events', () => import('./events/MemberEventsScreen'));
const MemberEventEdit = lazyScreen('admin-event', () => import('./events/MemberEventEditScreen'));
const FeedbackList = lazyScreen('admin-feedback', () => import('./feedback/FeedbackListScreen'));
const NotFound = lazyScreen('admin-not-found', () => import('./NotFoundScreen'));

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AdminRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin" element={<Shell />}>
        <Route path="sign-in" element={<SignIn />} />
        <Route element={<RequireStaff />}>
          <Route index element={<Overview />} />
          <Route
            path="staff"
            element={
              <RequireRole role="admin">
                <StaffRoles />
              </RequireRole>
            }
          />
          <Route
            path="audit"
            element={
              <RequireRole role="admin">
                <AuditLog />
              </RequireRole>
            }
          />
          <Route
            path="pages"
            element={
              <RequireRole role="editor">
                <StaticPages />
              </RequireRole>
            }
          />
          <Route
            path="pages/:brand/:slug"
            element={
              <RequireRole role="editor">
                <StaticPageEdit />
              </RequireRole>
            }
          />
          {/* Marketing: plans, discounts and decision rules. */}
          <Route
            path="plans"
            element={
              <RequireRole role="marketing">
                <Plans />
              </RequireRole>
            }
          />
          <Route
            path="plans/new"
            element={
              <RequireRole role="marketing">
                <PlanEdit />
              </RequireRole>
            }
          />
          <Route
            path="plans/:planId"
            element={
              <RequireRole role="marketing">
                <PlanEdit />
              </RequireRole>
            }
          />
          <Route
            path="discounts/new"
            element={
              <RequireRole role="marketing">
                <DiscountEdit />
              </RequireRole>
            }
          />
          <Route
            path="discounts/:discountId"
            element={
              <RequireRole role="marketing">
                <DiscountEdit />
              </RequireRole>
            }
          />
          <Route
            path="decision-rules"
            element={
              <RequireRole role="marketing">
                <Rules />
              </RequireRole>
            }
          />
          <Route
            path="decision-rules/new"
            element={
              <RequireRole role="marketing">
                <RuleEdit />
              </RequireRole>
            }
          />
          <Route
            path="decision-rules/:ruleId"
            element={
              <RequireRole role="marketing">
                <RuleEdit />
              </RequireRole>
            }
          />
          {/* Marketing: referral programmes (tenants, programmes, code banks, referrals). */}
          <Route
            path="referrals"
            element={
              <RequireRole role="marketing">
                <ReferralTenants />
              </RequireRole>
            }
          />
          <Route
            path="referrals/:alias"
            element={
              <RequireRole role="marketing">
                <ReferralTenant />
              </RequireRole>
            }
          />
          <Route
            path="referrals/:alias/programmes/new"
            element={
              <RequireRole role="marketing">
                <ReferralProgramme />
              </RequireRole>
            }
          />
          <Route
            path="referrals/:alias/programmes/:slug"
            element={
              <RequireRole role="marketing">
                <ReferralProgramme />
              </RequireRole>
            }
          />
          <Route
            path="referrals/:alias/referrals"
            element={
              <RequireRole role="marketing">
                <Referrals />
              </RequireRole>
            }
          />
          <Route
            path="feedback"
            element={
              <RequireRole role="support">
                <FeedbackList />
              </RequireRole>
            }
          />
          {/* Editors: newsletter lists and member events. */}
          <Route
            path="newsletters"
            element={
              <RequireRole role="editor">
                <NewsletterLists />
              </RequireRole>
            }
          />
          <Route
            path="newsletters/new"
            element={
              <RequireRole role="editor">
                <NewsletterListEdit />
              </RequireRole>
            }
          />
          <Route
            path="newsletters/:listId"
            element={
              <RequireRole role="editor">
                <NewsletterListEdit />
              </RequireRole>
            }
          />
          <Route
            path="events"
            element={
              <RequireRole role="editor">
                <MemberEvents />
              </RequireRole>
            }
          />
          <Route
            path="events/new"
            element={
              <RequireRole role="editor">
                <MemberEventEdit />
              </RequireRole>
            }
          />
          <Route
            path="events/:eventId"
            element={
              <RequireRole role="editor">
                <MemberEventEdit />
              </RequireRole>
            }
          />
          {/* Editors: the stories of every brand. */}
          <Route
            path="stories"
            element={
              <RequireRole role="editor">
                <Stories />
              </RequireRole>
            }
          />
          <Route
            path="stories/new"
            element={
              <RequireRole role="editor">
                <StoryEdit />
              </RequireRole>
            }
          />
          <Route
            path="stories/:contentId"
            element={
              <RequireRole role="editor">
                <StoryEdit />
              </RequireRole>
            }
          />
          <Route
            path="readers"
            element={
              <RequireRole role="support">
                <Readers />
              </RequireRole>
            }
          />
          <Route
            path="readers/:readerId"
            element={
              <RequireRole role="support">
                <Reader />
              </RequireRole>
            }
          />
          {/* Moderators: the comments' queue, word lists and per-site settings. */}
          <Route
            path="comments"
            element={
              <RequireRole role="moderator">
                <Comments />
              </RequireRole>
            }
          />
          <Route
            path="comments/word-lists"
            element={
              <RequireRole role="moderator">
                <WordLists />
              </RequireRole>
            }
          />
          <Route
            path="comments/settings"
            element={
              <RequireRole role="moderator">
                <CommentSettings />
              </RequireRole>
            }
          />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
