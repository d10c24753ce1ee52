import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { NEW_USER_CREDITS } from '@shared/constants';
import { Button } from '@/components/ui/button';

export function ExamplesCta() {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl border border-white/10 bg-card px-6 py-14 text-center sm:px-12">
        <div aria-hidden className="pointer-events-none absolute inset-0 bg-gradient-brand opacity-15" />
        <h2 className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">Ready to make your own?</h2>
        <p className="relative mx-auto mt-4 max-w-xl text-muted-foreground">
          Start with {NEW_USER_CREDITS} free credits — no credit card. Each clip is built from 8-second segments, and you
          finish it with captions, effects and colour in the editor.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild variant="brand" size="lg">
            <Link href="/signup">
              Get Started Free
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link href="/">Learn More</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
