import { useAuth } from '@/features/auth/hooks/use-auth';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { FeatureCards } from '@/features/landing/components/feature-cards';
import { HeroSection } from '@/features/landing/components/hero-section';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { SiteFooter } from '@/components/site-footer';

export function LandingPage() {
  const { isSignedIn, isLoading } = useAuth();
  // Signed out, Start Creating is a sign-up, not an empty dashboard. While the session is still unknown it is
  // /signup too: the auth page sends someone already signed in on to the dashboard.
  const startHref = isSignedIn ? '/dashboard' : '/signup';

  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader isSignedIn={isSignedIn} isLoading={isLoading} />
      <main className="flex-1">
        <HeroSection startHref={startHref} />
        <FeatureCards />
        <ClosingCta startHref={startHref} />
      </main>
      <SiteFooter />
    </div>
  );
}
