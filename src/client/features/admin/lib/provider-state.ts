import type { ProviderState, ProviderStatus } from '@shared/schemas/admin';
import type { BadgeVariant } from '@/components/ui/badge';


/** Every state has words as well as a colour, so the badge reads the same without colour. */
export const PROVIDER_STATE_BADGES: Record<ProviderState, { label: string; variant: BadgeVariant }> = {
  answering: { label: 'Answering', variant: 'success' },
  'not-found': { label: 'Not found', variant: 'destructive' },
  unauthorised: { label: 'Unauthorised', variant: 'destructive' },
  unreachable: { label: 'Unreachable', variant: 'warning' },
  offline: { label: 'Offline engine', variant: 'secondary' },
  unchecked: { label: 'Not checked yet', variant: 'secondary' },
};

/** What the operator can do about a failing row; null when the state needs nothing. */
export function providerHint(provider: Pick<ProviderStatus, 'state' | 'variable' | 'backend'>): string | null {
  if (provider.state === 'not-found') return `Set ${provider.variable} to a model your provider serves`;
  if (provider.state === 'unauthorised') return `Check the credentials for ${provider.backend}`;
  return null;
}

/** Rows whose `detail` is worth showing: the provider said something is wrong. */
export function showsDetail(state: ProviderState): boolean {
  return state === 'not-found' || state === 'unauthorised' || state === 'unreachable';
}

/** 300 → 'every 5 minutes'; 90 → 'every 90 seconds'. */
export function checkInterval(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return seconds === 3600 ? 'every hour' : `every ${String(seconds / 3600)} hours`;
  if (seconds >= 60 && seconds % 60 === 0) return seconds === 60 ? 'every minute' : `every ${String(seconds / 60)} minutes`;
  return seconds === 1 ? 'every second' : `every ${String(seconds)} seconds`;
}
