import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlans } from '../api/get-plans';
import { formatPlanPrice } from '../lib/format-price';

const AT_CHECKOUT = 'The price is shown at checkout, before you pay.';

/** The Pro price from the server (Stripe's, or the configured one); the page works without it. */
export function ProPrice() {
  const plans = usePlans();

  if (plans.isPending) {
    return (
      <div aria-busy="true">
        <Skeleton className="h-9 w-32" />
        <span className="sr-only">Loading the price…</span>
      </div>
    );
  }
  if (plans.isError) {
    return (
      <div className="grid gap-2 text-sm">
        <p role="alert">Couldn’t load the price. {AT_CHECKOUT}</p>
        <Button type="button" variant="outline" size="sm" className="w-fit" disabled={plans.isFetching} onClick={() => void plans.refetch()}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  const price = plans.data.pro.price;
  if (!price) return <p className="text-sm text-muted-foreground">{AT_CHECKOUT}</p>;
  const { amount, period } = formatPlanPrice(price);
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-4xl font-bold tracking-tight">{amount}</span>
      <span className="text-muted-foreground">{period}</span>
    </p>
  );
}
