import { Lock } from 'lucide-react';
import { TextLink } from '@/components/text-link';

export function SignedOutNotice() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-white/10 bg-card/60 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-white/5">
        <Lock className="size-5 text-muted-foreground" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-semibold">You're signed out</h1>
      <p className="mt-2 text-sm text-muted-foreground">Log in to see your projects and credits.</p>
      <p className="mt-4 text-sm text-muted-foreground">
        New here? <TextLink href="/signup">Create a free account</TextLink>
      </p>
    </div>
  );
}
