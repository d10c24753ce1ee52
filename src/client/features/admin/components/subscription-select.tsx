import { useRef, useState } from 'react';
import { SUBSCRIPTIONS, type Subscription } from '@shared/constants';
import type { AdminUser } from '@shared/schemas/admin';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useUpdateSubscription } from '../api/update-subscription';

export const SUBSCRIPTION_LABELS: Record<Subscription, string> = { free: 'Free', pro: 'Pro' };

/** What the change means for the user, said before the admin confirms it. */
const CHANGE_EFFECTS: Record<Subscription, string> = {
  pro: 'They get unlimited credits, 4K exports and no watermark.',
  free: 'They spend credits again, and the watermark comes back on their previews and exports.',
};

function isSubscription(value: string): value is Subscription {
  return (SUBSCRIPTIONS as readonly string[]).includes(value);
}

/**
 * The Actions column: choosing the other plan asks the admin to confirm (a slip in a long table changes what a
 * user pays for), then saves it (SPEC §2, §7, §8). Either way the focus goes back to the select.
 */
export function SubscriptionSelect({ user }: { user: AdminUser }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [asked, setAsked] = useState<Subscription | null>(null);
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
    <>
      {/* Not disabled while it saves: a disabled select could not take the focus back from the dialog. */}
      <Select
        value={shown}
        onValueChange={(value) => {
          if (update.isPending || !isSubscription(value) || value === user.subscription) return;
          // After the key that chose it is done: Enter's keypress would otherwise press the dialog's Cancel.
          setTimeout(() => {
            setAsked(value);
          }, 0);
        }}
      >
        <SelectTrigger ref={trigger} aria-label={`Subscription for ${user.username}`} className="h-8 w-24">
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
      <AlertDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
      >
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            // The option that opened the dialog is gone with its menu: back to the select it belongs to.
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>
              Switch {user.username} to {asked ? SUBSCRIPTION_LABELS[asked] : ''}?
            </AlertDialogTitle>
            <AlertDialogDescription>{asked && CHANGE_EFFECTS[asked]}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (asked) update.mutate({ userId: user.id, subscription: asked });
              }}
            >
              Switch to {asked ? SUBSCRIPTION_LABELS[asked] : ''}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
