import { Scissors, Send, Wand2, type LucideIcon } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: Wand2,
    title: 'AI Video Generation',
    description:
      'Write a prompt and Google Veo renders it in 8-second segments, chained into clips of up to three minutes.',
  },
  {
    icon: Scissors,
    title: 'TikTok-Style Editing',
    description:
      'Bold outlined captions, visual effects, trimming, audio and colour grading, right in the browser, with an AI assistant for ideas.',
  },
  {
    icon: Send,
    title: 'Ready to Post',
    description:
      'Export in 9:16 or 16:9 at up to 1080p (4K on Pro) and share straight to TikTok, Instagram Reels and YouTube Shorts.',
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        From prompt to post in one place
      </h2>
      <ul className="mt-10 grid gap-5 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, description }) => (
          <li key={title}>
            <Card className="h-full border-white/10 bg-card/60 transition-colors hover:border-fuchsia-500/40">
              <CardHeader className="gap-3">
                <span className="grid size-11 place-items-center rounded-xl bg-gradient-brand shadow-lg shadow-fuchsia-500/20">
                  <Icon className="size-5 text-white" aria-hidden />
                </span>
                <CardTitle className="text-lg">
                  <h3>{title}</h3>
                </CardTitle>
                <CardDescription className="leading-relaxed">{description}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
