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
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
