import { LogIn, LogOut, ShieldCheck, Tags } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '@shared/schemas/user';
import { greeting, greetingName } from '@shared/user-display';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';
import { ManageSubscriptionButton } from './manage-subscription-button';
import { UpgradeButton } from './upgrade-button';

interface DashboardHeaderProps {
  user: CurrentUser | null;
  onLogout: () => void;
  isLoggingOut: boolean;
}

/** On a phone the labels of the secondary buttons collapse to their icons, and the greeting takes its own row. */
export function DashboardHeader({ user, onLogout, isLoggingOut }: DashboardHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-background/80 backdrop-blur-lg">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <BrandLogo />
        {user && (
          <p className="order-last w-full truncate text-sm text-muted-foreground sm:order-none sm:ml-auto sm:w-auto">
            {greeting(user, new Date())}, <span className="font-medium text-foreground">{greetingName(user.username)}</span>
          </p>
        )}
        <nav aria-label="Account" className="ml-auto flex items-center gap-2 sm:ml-0">
          {user ? (
            <>
              {user.isAdmin && (
                <Button asChild variant="outline">
                  <Link href="/admin">
                    <ShieldCheck aria-hidden />
                    <span className="sr-only sm:not-sr-only">Admin Panel</span>
                  </Link>
                </Button>
              )}
              {user.subscription === 'free' ? (
                <>
                  {/* On a phone the plan badge is the way to the plans, so the header keeps one row. */}
                  <Button asChild variant="ghost" className="hidden sm:inline-flex">
                    <Link href="/pricing">
                      <Tags aria-hidden />
                      See plans
                    </Link>
                  </Button>
                  <UpgradeButton />
                </>
              ) : (
                <ManageSubscriptionButton />
              )}
              <Button type="button" variant="ghost" disabled={isLoggingOut} onClick={onLogout}>
                <LogOut aria-hidden />
                <span className="sr-only sm:not-sr-only">Logout</span>
              </Button>
            </>
          ) : (
            <Button asChild variant="brand">
              <Link href="/auth">
                <LogIn aria-hidden />
                Login
              </Link>
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
