import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export interface PlanFeature {
  text: string;
  /** False for a limit of the plan: drawn with a dash instead of a tick (the text says what the limit is). */
  included: boolean;
}

interface PlanCardProps {
  name: string;
  tagline: string;
  price: ReactNode;
  features: readonly PlanFeature[];
  action: ReactNode;
  highlighted?: boolean;
}

export function PlanCard({ name, tagline, price, features, action, highlighted = false }: PlanCardProps) {
  const headingId = `plan-${name.toLowerCase()}`;
  return (
    <Card
      aria-labelledby={headingId}
      role="region"
      className={cn('h-full border-white/10 bg-card/60', highlighted && 'border-fuchsia-500/50 shadow-lg shadow-fuchsia-500/10')}
    >
      <CardHeader className="gap-2">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          {name}
        </h2>
        <p className="text-sm text-muted-foreground">{tagline}</p>
        <div className="mt-2 min-h-16">{price}</div>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-3 text-sm" aria-label={`${name} plan includes`}>
          {features.map(({ text, included }) => (
            <li key={text} className="flex items-start gap-2.5">
              {included ? (
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden />
              ) : (
                <Minus className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              )}
              <span className={cn(!included && 'text-muted-foreground')}>{text}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2 sm:items-start">{action}</CardFooter>
    </Card>
  );
}
