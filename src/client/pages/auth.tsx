import { AuthCard, type AuthTab } from '@/features/auth/components/auth-card';
import { AuthLayout } from '@/features/auth/components/auth-layout';

export function AuthPage({ initialTab }: { initialTab: AuthTab }) {
  return (
    <AuthLayout>
      <AuthCard initialTab={initialTab} />
    </AuthLayout>
  );
}
