import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { useCreateBillingPortalSession } from '../api/create-billing-portal-session';
import { startExternalNavigation } from '../lib/external-navigation';

/** 400: no Stripe subscription behind this plan (an admin set it); 503: payments are not configured. */
function portalUnavailable(error: Error): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 503);
}

/**
 * Stripe's billing portal for a pro user. Whether the server can open it is only known by asking, so
 * once it has said it cannot, the button goes away for the rest of the visit.
 */
export function ManageSubscriptionButton() {
  const portal = useCreateBillingPortalSession();
  const [unavailable, setUnavailable] = useState(false);
  if (unavailable) return null;

  const manage = () => {
    const navigation = startExternalNavigation();
    portal.mutate(undefined, {
      onSuccess: navigation.go,
      onError: (error) => {
        navigation.cancel();
        toast({
          variant: 'destructive',
          title: "Couldn't open billing",
          description: errorMessage(error, 'Please try again.'),
        });
        if (portalUnavailable(error)) setUnavailable(true);
      },
    });
  };

  return (
    <Button type="button" variant="outline" disabled={portal.isPending} onClick={manage}>
      {portal.isPending ? <Spinner /> : <CreditCard aria-hidden />}
      <span className="sr-only sm:not-sr-only">Manage subscription</span>
    </Button>
  );
}
