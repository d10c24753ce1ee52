import { ArrowRight, Play, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { NEW_USER_CREDITS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { ReelPreview } from './reel-preview';

/** `startHref`: the dashboard for someone signed in, sign-up for anyone else (see the landing page). */
export function HeroSection({ startHref }: { startHref: string }) {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 left-1/2 h-[28rem] w-[56rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-gradient-brand opacity-20 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:pt-24 lg:pb-24">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
          <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 text-xs font-medium text-muted-foreground">
            <Sparkles className="size-3.5 text-fuchsia-400" aria-hidden />
            AI video studio for short-form creators
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Become a <span className="text-gradient-brand">Social Media Creator</span>
          </h1>
          <p className="mt-5 text-xl font-semibold text-foreground/90 sm:text-2xl">
            Turn Your Ideas Into Viral Social Content
          </p>
          <p className="mt-4 max-w-xl text-base text-muted-foreground sm:text-lg">
            Describe a scene in one sentence. Google Veo turns it into a vertical clip made of 8-second segments, and
            you finish it with bold captions, effects and colour before posting to TikTok, Reels and Shorts.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="brand" size="lg">
              <Link href={startHref}>
                Start Creating
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link href="/examples">
                <Play aria-hidden />
                View Examples
              </Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Start with {NEW_USER_CREDITS} free credits — no credit card
          </p>
        </div>
        <ReelPreview />
      </div>
    </section>
  );
}
