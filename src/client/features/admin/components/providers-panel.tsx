import { RefreshCw, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProviderCatalog } from '@shared/schemas/admin';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/hooks/use-now';
import { errorMessage } from '@/lib/api';
import { useCheckProviders } from '../api/check-providers';
import { useProviderCatalog } from '../api/get-provider-catalog';
import { checkInterval } from '../lib/provider-state';
import { ProviderRow } from './provider-row';
import { AdminTable } from './admin-table';
import { SpeechEnginesTable } from './speech-engines-table';

const COLUMNS = ['Role', 'Model', 'Back-end', 'Status', 'Last checked'] as const;
const SKELETON_ROWS = 4;

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <tr key={row} aria-hidden className="border-b border-white/5 last:border-0">
      {COLUMNS.map((column) => (
        <td key={column} className="px-4 py-3">
          <Skeleton className="h-4 w-24" />
        </td>
      ))}
    </tr>
  ));
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <tr>
      <td colSpan={COLUMNS.length} className="px-4 py-10 text-center text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}

/**
 * Whether each AI role's configured model exists at its provider (issue 15). The server checks on its own
 * schedule; the panel re-reads that result every minute, and "Check now" asks for a fresh check.
 */
export function ProvidersPanel() {
  const catalog = useProviderCatalog();
  const check = useCheckProviders();
  const now = useNow(30_000);

  let body: ReactNode;
  if (catalog.isPending) body = <SkeletonRows />;
  else if (catalog.isError) {
    body = (
      <MessageRow>
        <span role="alert" className="inline-flex flex-wrap items-center justify-center gap-3">
          {errorMessage(catalog.error, "Couldn't load the providers.")}
          <Button type="button" variant="outline" size="sm" disabled={catalog.isFetching} onClick={() => void catalog.refetch()}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        </span>
      </MessageRow>
    );
  } else if (catalog.data.providers.length === 0) body = <MessageRow>No AI providers are configured.</MessageRow>;
  else body = catalog.data.providers.map((provider) => <ProviderRow key={provider.role} provider={provider} now={now} />);

  return (
    <section aria-labelledby="providers-heading" aria-busy={catalog.isPending} className="grid min-w-0 gap-4 rounded-xl border border-white/10 bg-card/60 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="providers-heading" className="text-lg font-semibold">
            Providers
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{describeSchedule(catalog.data)}</p>
        </div>
        <div className="grid justify-items-end gap-1.5">
          <Button type="button" variant="outline" size="sm" disabled={check.isPending} onClick={() => check.mutate()}>
            <RefreshCw aria-hidden className={check.isPending ? 'animate-spin' : undefined} />
            {check.isPending ? 'Checking…' : 'Check now'}
          </Button>
          {check.isError && (
            <p role="alert" className="text-right text-xs text-red-300">
              {errorMessage(check.error, "Couldn't check the providers.")}
            </p>
          )}
        </div>
      </div>
      <AdminTable name="Providers" columns={COLUMNS} minWidth="min-w-[44rem]">
        {body}
      </AdminTable>
      {catalog.data && <SpeechEnginesTable engines={catalog.data.speechEngines} />}
    </section>
  );
}

function describeSchedule(catalog: ProviderCatalog | undefined): string {
  const lead = 'Whether each AI model the server is configured with exists at its provider.';
  return catalog ? `${lead} Checked ${checkInterval(catalog.checkEverySeconds)}.` : lead;
}
