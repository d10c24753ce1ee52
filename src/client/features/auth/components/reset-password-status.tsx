import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { TextLink } from '@/components/text-link';
import { CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { AuthPanel } from './auth-layout';

const INVALID_LINK_REDIRECT_MS = 2000;
const SUCCESS_REDIRECT_MS = 3000;

function useRedirectAfter(path: string, delayMs: number): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => {
      navigate(path);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [navigate, path, delayMs]);
}

export function InvalidResetLink() {
  useEffect(() => {
    toast({
      variant: 'destructive',
      title: 'Invalid reset link',
      description: 'This password reset link is invalid. Please request a new one.',
    });
  }, []);
  useRedirectAfter('/forgot-password', INVALID_LINK_REDIRECT_MS);

  return (
    <div className="flex flex-col items-center gap-3 pt-16 text-center text-muted-foreground">
      <Spinner className="size-8 text-primary" />
      <p>Taking you to request a new reset link…</p>
    </div>
  );
}

export function ResetPasswordSuccess() {
  useRedirectAfter('/auth', SUCCESS_REDIRECT_MS);

  return (
    <AuthPanel className="text-center">
      <CardHeader className="items-center">
        <span className="mx-auto mb-2 grid size-12 place-items-center rounded-full bg-emerald-500/15 text-emerald-300">
          <CircleCheck className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Password reset successful!</h1>
        <CardDescription>
          Taking you to the login page… or{' '}
          <TextLink href="/auth">log in now</TextLink>
          .
        </CardDescription>
      </CardHeader>
    </AuthPanel>
  );
}
