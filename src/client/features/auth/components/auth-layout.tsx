import type { ComponentProps, ReactNode } from 'react';
import { BrandLogo } from '@/components/brand-logo';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The centred frame shared by the sign-in, forgot-password and reset-password screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden px-4 py-8 sm:py-12">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 h-96 w-[40rem] max-w-[150vw] -translate-x-1/2 rounded-full bg-gradient-brand opacity-20 blur-3xl"
      />
      <BrandLogo className="relative mb-8" />
      <main className="relative flex w-full flex-1 items-start justify-center sm:items-center">{children}</main>
    </div>
  );
}

export function AuthPanel({ className, ...props }: ComponentProps<typeof Card>) {
  return (
    <Card
      className={cn('w-full max-w-md gap-5 border-white/10 bg-card/80 shadow-2xl shadow-black/50 backdrop-blur', className)}
      {...props}
    />
  );
}
