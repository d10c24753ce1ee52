import { RotateCw, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api';
import { useAdminStats } from '../api/get-admin-stats';
import { useAdminUsers } from '../api/get-admin-users';
import { AccessDenied } from './access-denied';
import { AdminHeader } from './admin-header';
import { ProvidersPanel } from './providers-panel';
import { StatCards } from './stat-cards';
import { UserManagement } from './user-management';

function deniedStatus(error: Error | null): 401 | 403 | null {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return error.status;
  return null;
}

/**
 * The /admin screen for someone the client believes is an admin. The server has the last word: if it
 * answers 401 or 403 (the session ended, the admin flag was taken away) the screen turns into Access Denied.
 */
export function AdminDashboard() {
  const stats = useAdminStats();
  const users = useAdminUsers();
  const denied = deniedStatus(stats.error) ?? deniedStatus(users.error);
  if (denied) return <AccessDenied signedIn={denied === 403} />;

  return (
    <div className="min-h-dvh">
      <AdminHeader />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-muted-foreground">Usage across the product, and every account's plan.</p>
        </div>
        {stats.isError && (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>Couldn't load the statistics</AlertTitle>
            <AlertDescription>
              {errorMessage(stats.error, 'Please try again.')}
              <Button type="button" variant="outline" size="sm" className="mt-2" disabled={stats.isFetching} onClick={() => void stats.refetch()}>
                <RotateCw aria-hidden />
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        )}
        <StatCards stats={stats.data} />
        <UserManagement />
        <ProvidersPanel />
      </main>
    </div>
  );
}
