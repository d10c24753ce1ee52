import { Clapperboard } from 'lucide-react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '@shared/product';
import { cn } from '@/lib/utils';

export function BrandLogo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      <span className="grid size-8 place-items-center rounded-lg bg-gradient-brand shadow-md shadow-fuchsia-500/30">
        <Clapperboard className="size-4 text-white" aria-hidden />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
