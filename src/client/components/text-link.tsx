import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
      {...props}
    />
  );
}
