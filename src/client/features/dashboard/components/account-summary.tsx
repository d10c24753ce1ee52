import { ChevronRight, Coins, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@shared/schemas/user';
import { hasLowCredits } from '@shared/user-display';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';

/** `children`: notes about the account from other features (the page passes them in), under the plan. */
export function AccountSummary({ user, children }: { user: CurrentUser; children?: ReactNode }) {
  const isPro = user.subscription === 'pro';

  return (
    <section aria-label="Your account" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-card/60 px-4 py-3">
        <span className="text-sm text-muted-foreground">Plan</span>
        {/* The badge opens the plans page: what the other plan gives, and Upgrade or Manage subscription. */}
        <Link
          href="/pricing"
          aria-label={`${isPro ? 'Pro' : 'Free'} plan: see plans`}
          className="rounded-md outline-none transition-[filter] hover:brightness-125 focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <Badge variant={isPro ? 'brand' : 'secondary'}>
            {isPro ? 'Pro' : 'Free'}
            <ChevronRight aria-hidden />
          </Badge>
        </Link>
        <span className="mx-1 hidden h-4 w-px bg-border sm:block" aria-hidden />
        <span className="inline-flex items-center gap-1.5 text-sm font-medium">
          <Coins className="size-4 text-yellow-400" aria-hidden />
          {isPro ? 'Unlimited' : `${String(user.credits)} credits`}
        </span>
      </div>
      {hasLowCredits(user) && (
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <AlertDescription>Low credits. Upgrade to Pro for unlimited!</AlertDescription>
        </Alert>
      )}
      {children}
    </section>
  );
}
