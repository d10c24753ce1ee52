import { LayoutDashboard } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';

interface PricingHeaderProps {
  isSignedIn: boolean;
  /** While the session is unknown no buttons show, so they do not flicker from one set to the other. */
  isLoading: boolean;
  /** The login page, asked to come back here. */
  loginHref: string;
}

export function PricingHeader({ isSignedIn, isLoading, loginHref }: PricingHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-background/70 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          {!isLoading &&
            (isSignedIn ? (
              <Button asChild variant="brand">
                <Link href="/dashboard">
                  <LayoutDashboard aria-hidden />
                  Dashboard
                </Link>
              </Button>
            ) : (
              <>
                <Button asChild variant="ghost" size="sm" className="sm:h-9 sm:px-4">
                  <Link href={loginHref}>Login</Link>
                </Button>
                <Button asChild variant="brand" size="sm" className="sm:h-9 sm:px-4">
                  <Link href="/signup">Get Started</Link>
                </Button>
              </>
            ))}
        </nav>
      </div>
    </header>
  );
}
