import { Home } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8">
      <BrandLogo />
      <main className="flex flex-1 flex-col items-center justify-center text-center">
        <p className="text-gradient-brand text-7xl font-black">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="mt-2 max-w-sm text-muted-foreground">The page you are looking for does not exist or has moved.</p>
        <Button asChild variant="brand" size="lg" className="mt-8">
          <Link href="/">
            <Home aria-hidden />
            Back to home
          </Link>
        </Button>
      </main>
    </div>
  );
}
