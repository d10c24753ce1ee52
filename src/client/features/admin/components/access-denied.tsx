import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo';
import { TextLink } from '@/components/text-link';
import { Button } from '@/components/ui/button';
import { loginHref } from '@/features/auth/lib/return-path';

/** SPEC §2 and §6: what /admin shows anyone who is not an admin. A signed-out visitor also gets a way to log in. */
export function AccessDenied({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8">
      <BrandLogo />
      <main className="flex flex-1 flex-col items-center justify-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-destructive/15">
          <ShieldAlert className="size-7 text-red-300" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Access Denied</h1>
        <p className="max-w-sm text-muted-foreground">You don't have permission to access this page.</p>
        {!signedIn && (
          <p className="text-sm text-muted-foreground">
            Are you an admin? <TextLink href={loginHref('/admin')}>Log in</TextLink> first.
          </p>
        )}
        <Button asChild variant="brand" className="mt-4">
          <Link href="/dashboard">
            <ArrowLeft aria-hidden />
            Back to Dashboard
          </Link>
        </Button>
      </main>
    </div>
  );
}
