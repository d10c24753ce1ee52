import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { NEW_USER_CREDITS } from '@shared/constants';
import { Button } from '@/components/ui/button';

export function ExamplesHero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 left-1/2 h-[24rem] w-[56rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-gradient-brand opacity-20 blur-3xl"
      />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center px-4 pt-14 pb-10 text-center sm:px-6 lg:pt-20">
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          See what one <span className="text-gradient-brand">prompt</span> can make
        </h1>
        <p className="mt-5 max-w-2xl text-base text-muted-foreground sm:text-lg">
          Short clips and the prompts behind them. Tap a thumbnail to watch one, then sign up and write your own.
        </p>
        <Button asChild variant="brand" size="lg" className="mt-8">
          <Link href="/signup">
            Start Creating Free
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <p className="mt-4 text-sm text-muted-foreground">
          Start with {NEW_USER_CREDITS} free credits — no credit card
        </p>
      </div>
    </section>
  );
}
