import { BadgeCheck, Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SiteFooter } from '@/components/site-footer';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { loginHref } from '@/features/auth/lib/return-path';
import { ManageSubscriptionButton } from '@/features/dashboard/components/manage-subscription-button';
import { UpgradeButton } from '@/features/dashboard/components/upgrade-button';
import { PricingHeader } from '@/features/pricing/components/pricing-header';
import { PricingPlans } from '@/features/pricing/components/pricing-plans';

const LOGIN_AND_RETURN = loginHref('/pricing');

function CurrentPlan({ children }: { children: string }) {
  return (
    <p className="inline-flex items-center gap-2 text-sm font-medium">
      <BadgeCheck className="size-4 text-emerald-400" aria-hidden />
      {children}
    </p>
  );
}

/** Public. Upgrade is the dashboard's own Checkout button; signed out it asks to log in and come back here. */
export function PricingPage() {
  const { user, isLoading } = useAuth();

  let freeAction: ReactNode = null;
  let proAction: ReactNode = <Spinner className="text-muted-foreground" aria-label="Loading your plan" />;
  if (!isLoading && !user) {
    freeAction = (
      <Button asChild variant="outline">
        <Link href="/signup">Get Started</Link>
      </Button>
    );
    proAction = (
      <>
        <Button asChild variant="upgrade">
          <Link href={LOGIN_AND_RETURN}>
            <Crown aria-hidden />
            Upgrade
          </Link>
        </Button>
        <p className="text-xs text-muted-foreground">Log in or sign up first; you come back here to pay.</p>
      </>
    );
  } else if (user?.subscription === 'free') {
    freeAction = <CurrentPlan>Your current plan</CurrentPlan>;
    proAction = <UpgradeButton />;
  } else if (user?.subscription === 'pro') {
    proAction = (
      <div className="flex flex-wrap items-center gap-3">
        <CurrentPlan>You’re on Pro</CurrentPlan>
        <ManageSubscriptionButton />
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <PricingHeader isSignedIn={user !== null} isLoading={isLoading} loginHref={LOGIN_AND_RETURN} />
      <main className="flex-1">
        <PricingPlans freeAction={freeAction} proAction={proAction} />
      </main>
      <SiteFooter />
    </div>
  );
}
