import { Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { startExternalNavigation } from '../lib/external-navigation';

export function UpgradeButton() {
  const checkout = useCreateCheckoutSession();

  const upgrade = () => {
    const navigation = startExternalNavigation();
    checkout.mutate(undefined, {
      onSuccess: navigation.go,
      onError: (error) => {
        navigation.cancel();
        // The server says why ("Payments are not configured"); SPEC §8's text is for when it does not.
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to start checkout.') });
      },
    });
  };

  return (
    <Button type="button" variant="upgrade" disabled={checkout.isPending} onClick={upgrade}>
      {checkout.isPending ? <Spinner /> : <Crown aria-hidden />}
      Upgrade
    </Button>
  );
}
