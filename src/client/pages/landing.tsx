import { useAuth } from '@/features/auth/hooks/use-auth';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { FeatureCards } from '@/features/landing/components/feature-cards';
import { HeroSection } from '@/features/landing/components/hero-section';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { SiteFooter } from '@/components/site-footer';

export function LandingPage() {
  const { isSignedIn, isLoading } = useAuth();

  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader isSignedIn={isSignedIn} isLoading={isLoading} />
      <main className="flex-1">
        <HeroSection />
        <FeatureCards />
        <ClosingCta />
      </main>
      <SiteFooter />
    </div>
  );
}
