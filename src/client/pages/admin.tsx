import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AccessDenied } from '@/features/admin/components/access-denied';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

/** The admin API is only called once the current user is known to be an admin (SPEC §6). */
export function AdminPage() {
  const { user, isLoading } = useAuth();

  if (isLoading) return <PageSpinner />;
  if (!user?.isAdmin) return <AccessDenied signedIn={user !== null} />;
  return <AdminDashboard />;
}
