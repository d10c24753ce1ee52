import { SiteFooter } from '@/components/site-footer';
import { ExampleGrid } from '@/features/examples/components/example-grid';
import { ExamplesCta } from '@/features/examples/components/examples-cta';
import { ExamplesHeader } from '@/features/examples/components/examples-header';
import { ExamplesHero } from '@/features/examples/components/examples-hero';

export function ExamplesPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ExamplesHeader />
      <main className="flex-1">
        <ExamplesHero />
        <ExampleGrid />
        <ExamplesCta />
      </main>
      <SiteFooter />
    </div>
  );
}
