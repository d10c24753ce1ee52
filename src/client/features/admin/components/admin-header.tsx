import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

export function AdminHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-background/80 backdrop-blur-lg">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6">
        <BrandLogo />
        <Badge variant="outline" className="hidden sm:inline-flex">
          Admin
        </Badge>
        <Button asChild variant="outline" className="ml-auto">
          <Link href="/dashboard">
            <ArrowLeft aria-hidden />
            Back to Dashboard
          </Link>
        </Button>
      </div>
    </header>
  );
}
