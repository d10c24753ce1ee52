import { Redirect, useSearch } from 'wouter';
import { PageSpinner } from '@/components/page-spinner';
import { AuthCard, type AuthTab } from '@/features/auth/components/auth-card';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { returnPath } from '@/features/auth/lib/return-path';

/** Log in or sign up; someone already signed in goes on to where they were headed (the dashboard by default). */
export function AuthPage({ initialTab }: { initialTab: AuthTab }) {
  const { user, isLoading } = useAuth();
  const search = useSearch();
  if (isLoading) return <PageSpinner />;
  if (user) return <Redirect to={returnPath(search)} replace />;
  return (
    <AuthLayout>
      <AuthCard initialTab={initialTab} />
    </AuthLayout>
  );
}
