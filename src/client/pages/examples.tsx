import { SiteFooter } from '@/components/site-footer';
import { signupHref } from '@/features/auth/lib/return-path';
import { newVideoPath } from '@/features/dashboard/lib/new-video-link';
import { ExampleGrid } from '@/features/examples/components/example-grid';
import { ExamplesCta } from '@/features/examples/components/examples-cta';
import { ExamplesHeader } from '@/features/examples/components/examples-header';
import { ExamplesHero } from '@/features/examples/components/examples-hero';

/**
 * Use This Prompt opens Sign Up, which goes on to New Video with the prompt filled; someone already
 * signed in is sent on from the sign-up page at once.
 */
const promptHref = (prompt: string) => signupHref(newVideoPath(prompt));

export function ExamplesPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ExamplesHeader />
      <main className="flex-1">
        <ExamplesHero />
        <ExampleGrid promptHref={promptHref} />
        <ExamplesCta />
      </main>
      <SiteFooter />
    </div>
  );
}
