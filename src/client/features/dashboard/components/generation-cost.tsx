import { Coins } from 'lucide-react';
import type { CurrentUser } from '@shared/schemas/user';

interface GenerationCostProps {
  user: CurrentUser;
  cost: number;
}

/** What this video will take from the balance, shown before the user commits to it. */
export function GenerationCost({ user, cost }: GenerationCostProps) {
  const isPro = user.subscription === 'pro';
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg border border-white/10 bg-white/5 px-4 py-3 text-sm">
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">Cost</dt>
        <dd className="font-semibold">{isPro ? 'Free on Pro' : `${String(cost)} credits`}</dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">Your balance</dt>
        <dd className="inline-flex items-center gap-1.5 font-semibold">
          <Coins className="size-4 text-yellow-400" aria-hidden />
          {isPro ? 'Unlimited' : `${String(user.credits)} credits`}
        </dd>
      </div>
    </dl>
  );
}

