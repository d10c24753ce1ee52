import { LayoutDashboard } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';

interface LandingHeaderProps {
  isSignedIn: boolean;
  /** While the session is unknown no buttons show, so they do not flicker from one set to the other. */
  isLoading: boolean;
}

export function LandingHeader({ isSignedIn, isLoading }: LandingHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-background/70 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Main" className="flex items-center gap-2">
          {/* On a phone the closing call to action links to the plans, so Login and Get Started fit beside the logo. */}
          <Button asChild variant="ghost" className="hidden sm:inline-flex">
            <Link href="/pricing">Pricing</Link>
          </Button>
          {!isLoading && <AccountLinks isSignedIn={isSignedIn} />}
        </nav>
      </div>
    </header>
  );
}

function AccountLinks({ isSignedIn }: { isSignedIn: boolean }) {
  if (isSignedIn) {
    return (
      <Button asChild variant="brand">
        <Link href="/dashboard">
          <LayoutDashboard aria-hidden />
          Dashboard
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost">
        <Link href="/auth">Login</Link>
      </Button>
      <Button asChild variant="brand">
        <Link href="/signup">Get Started</Link>
      </Button>
    </>
  );
}
