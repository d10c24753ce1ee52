import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/page-spinner';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import { PAGE_PATHS } from '@shared/page-paths';
import { LandingPage } from '@/pages/landing';
import { NotFoundPage } from '@/pages/not-found';

// The landing page ships in the first bundle; every other screen loads when it is first visited.
const AdminPage = lazy(() => import('@/pages/admin').then((m) => ({ default: m.AdminPage })));
const AuthPage = lazy(() => import('@/pages/auth').then((m) => ({ default: m.AuthPage })));
const DashboardPage = lazy(() => import('@/pages/dashboard').then((m) => ({ default: m.DashboardPage })));
const EditorPage = lazy(() => import('@/pages/editor').then((m) => ({ default: m.EditorPage })));
const ExamplesPage = lazy(() => import('@/pages/examples').then((m) => ({ default: m.ExamplesPage })));
const ForgotPasswordPage = lazy(() =>
  import('@/pages/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
const PricingPage = lazy(() => import('@/pages/pricing').then((m) => ({ default: m.PricingPage })));
const ResetPasswordPage = lazy(() =>
  import('@/pages/reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);

function Router() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path={PAGE_PATHS.landing} component={LandingPage} />
        <Route path={PAGE_PATHS.examples} component={ExamplesPage} />
        <Route path={PAGE_PATHS.pricing} component={PricingPage} />
        <Route path={PAGE_PATHS.auth}>
          <AuthPage key="login" initialTab="login" />
        </Route>
        <Route path={PAGE_PATHS.login}>
          <AuthPage key="login" initialTab="login" />
        </Route>
        <Route path={PAGE_PATHS.signup}>
          <AuthPage key="signup" initialTab="signup" />
        </Route>
        <Route path={PAGE_PATHS.forgotPassword} component={ForgotPasswordPage} />
        <Route path={PAGE_PATHS.resetPassword} component={ResetPasswordPage} />
        <Route path={PAGE_PATHS.dashboard} component={DashboardPage} />
        <Route path={PAGE_PATHS.editor} component={EditorPage} />
        <Route path={PAGE_PATHS.project} component={EditorPage} />
        <Route path={PAGE_PATHS.admin} component={AdminPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router />
      <Toaster />
    </QueryClientProvider>
  );
}
