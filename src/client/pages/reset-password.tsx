import { useSearch } from 'wouter';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { InvalidResetLink } from '@/features/auth/components/reset-password-status';

export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');

  return <AuthLayout>{token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}</AuthLayout>;
}
