import { SUBSCRIPTIONS, type Subscription } from '@shared/constants';
import type { AdminUser } from '@shared/schemas/admin';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useUpdateSubscription } from '../api/update-subscription';

export const SUBSCRIPTION_LABELS: Record<Subscription, string> = { free: 'Free', pro: 'Pro' };

function isSubscription(value: string): value is Subscription {
  return (SUBSCRIPTIONS as readonly string[]).includes(value);
}

/** The Actions column: choosing a plan saves it straight away (SPEC §2, §7, §8). */
export function SubscriptionSelect({ user }: { user: AdminUser }) {
  const update = useUpdateSubscription({
    onSuccess: () => {
      toast({ title: 'Subscription updated', description: 'User subscription has been changed successfully.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Update failed', description: errorMessage(error, 'Please try again.') });
    },
  });
  // While the change is saving the select already shows where it is going.
  const shown = update.isPending ? update.variables.subscription : user.subscription;

  return (
    <Select
      value={shown}
      disabled={update.isPending}
      onValueChange={(value) => {
        if (isSubscription(value) && value !== user.subscription) update.mutate({ userId: user.id, subscription: value });
      }}
    >
      <SelectTrigger aria-label={`Subscription for ${user.username}`} className="h-8 w-24">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {SUBSCRIPTIONS.map((plan) => (
          <SelectItem key={plan} value={plan}>
            {SUBSCRIPTION_LABELS[plan]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
