import { Home } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';

export function ExamplesHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-background/70 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          {/* On a phone the logo alone is the home link, so the three buttons fit beside it. */}
          <Button asChild variant="ghost" className="hidden sm:inline-flex">
            <Link href="/">
              <Home aria-hidden />
              Home
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className="sm:h-9 sm:px-4">
            <Link href="/auth">Login</Link>
          </Button>
          <Button asChild variant="brand" size="sm" className="sm:h-9 sm:px-4">
            <Link href="/signup">Get Started</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
