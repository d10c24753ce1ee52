import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Subscription } from '@shared/constants';
import { currentUserResponseSchema } from '@shared/schemas/user';
import { toast } from '@/components/ui/use-toast';
import { readCheckoutReturn } from '../lib/checkout-return';

// The auth feature's key, spelled out: features do not import each other.
const meQueryKey = ['/api/auth/me'] as const;

/** Stripe's webhook can land a few seconds after the browser comes back, so the plan is re-read for a while. */
const PLAN_RECHECKS = 10;
const PLAN_RECHECK_MS = 3000;

async function readPlan(queryClient: QueryClient): Promise<Subscription | null> {
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
  const me = currentUserResponseSchema.safeParse(queryClient.getQueryData(meQueryKey));
  return me.success ? me.data.user.subscription : null;
}

function welcomeToPro(): void {
  toast({ title: 'Welcome to Pro!', description: 'Unlimited credits and no watermark from now on.' });
}

async function confirmUpgrade(queryClient: QueryClient): Promise<void> {
  if ((await readPlan(queryClient)) === 'pro') return welcomeToPro();
  toast({ title: 'Payment received', description: 'Your plan updates in a moment.' });
  for (let attempt = 0; attempt < PLAN_RECHECKS; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, PLAN_RECHECK_MS));
    const plan = await readPlan(queryClient);
    if (plan === 'pro') return welcomeToPro();
    // Signed out in the meantime: nobody left to tell.
    if (plan === null) return;
  }
}

/**
 * Back from Stripe Checkout: says how it went, re-reads the current user so the plan badge, credits and
 * Upgrade button follow, and drops `checkout` from the address so a reload does not say it again.
 */
export function useCheckoutReturn(): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  // StrictMode runs the effect twice on mount; the toast must still appear once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const checkout = readCheckoutReturn(search);
    if (!checkout || handled.current === search) return;
    handled.current = search;
    navigate(`${location}${checkout.remainingSearch}`, { replace: true });
    if (checkout.outcome === 'cancelled') {
      toast({ title: 'Checkout cancelled', description: 'No payment was taken and your plan is unchanged.' });
      return;
    }
    void confirmUpgrade(queryClient);
  }, [search, location, navigate, queryClient]);
}
