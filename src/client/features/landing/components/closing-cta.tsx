import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { NEW_USER_CREDITS } from '@shared/constants';
import { Button } from '@/components/ui/button';

export function ClosingCta({ startHref }: { startHref: string }) {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl border border-white/10 bg-card px-6 py-14 text-center sm:px-12">
        <div aria-hidden className="pointer-events-none absolute inset-0 bg-gradient-brand opacity-15" />
        <h2 className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Your next reel starts with one sentence
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-muted-foreground">
          Start with {NEW_USER_CREDITS} free credits — no credit card. A clip takes 2 to 10 minutes to render, and we
          can e-mail you when yours is ready.
        </p>
        <div className="relative mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild variant="brand" size="lg">
            <Link href={startHref}>
              Start Creating Free
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link href="/pricing">See plans and pricing</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
