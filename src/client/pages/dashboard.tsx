import { PageSpinner } from '@/components/page-spinner';
import { MissingEmailNotice } from '@/features/auth/components/missing-email-notice';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { SignedOutNotice } from '@/features/dashboard/components/signed-out-notice';

export function DashboardPage() {
  const { user, isLoading, logout } = useAuth();

  if (isLoading) return <PageSpinner />;

  const onLogout = () => {
    logout.mutate();
  };
  return (
    <div className="min-h-dvh">
      <DashboardHeader user={user} onLogout={onLogout} isLoggingOut={logout.isPending} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {user ? (
          <DashboardOverview user={user} accountNotes={<MissingEmailNotice user={user} />} />
        ) : (
          <SignedOutNotice />
        )}
      </main>
    </div>
  );
}
