import { Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateCheckoutSession } from '../api/create-checkout-session';

function openCheckout(url: string): void {
  const top = window.top;
  // Inside a frame the browser may refuse to navigate the top window, so checkout gets its own tab.
  if (top === null || top !== window.self) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  top.location.href = url;
}

export function UpgradeButton() {
  const checkout = useCreateCheckoutSession({
    onSuccess: openCheckout,
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to start checkout.' });
    },
  });

  return (
    <Button type="button" variant="upgrade" disabled={checkout.isPending} onClick={() => {
        checkout.mutate();
      }}>
      {checkout.isPending ? <Spinner /> : <Crown aria-hidden />}
      Upgrade
    </Button>
  );
}
