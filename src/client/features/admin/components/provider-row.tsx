import { CircleAlert, CircleCheck, CircleDashed, CircleOff, CircleX, type LucideIcon } from 'lucide-react';
import type { ProviderState, ProviderStatus } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { relativeTime } from '@/lib/relative-time';
import { PROVIDER_STATE_BADGES, providerHint, showsDetail } from '../lib/provider-state';

const STATE_ICONS: Record<ProviderState, LucideIcon> = {
  answering: CircleCheck,
  'not-found': CircleX,
  unauthorised: CircleX,
  unreachable: CircleAlert,
  offline: CircleOff,
  unchecked: CircleDashed,
};

function ProviderStateBadge({ state }: { state: ProviderState }) {
  const { label, variant } = PROVIDER_STATE_BADGES[state];
  const Icon = STATE_ICONS[state];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}

/** One role: what runs it, whether the provider knows the model, and what to do when it does not. */
export function ProviderRow({ provider, now }: { provider: ProviderStatus; now: number }) {
  const hint = providerHint(provider);
  const detail = showsDetail(provider.state) ? provider.detail : null;
  return (
    <tr className="border-b border-white/5 align-top last:border-0 hover:bg-white/[0.03]">
      <th scope="row" className="px-4 py-2.5 text-left font-medium whitespace-nowrap">
        {provider.roleLabel}
      </th>
      <td className="max-w-56 px-4 py-2.5">
        <code title={provider.model} className="block truncate font-mono text-xs leading-5">
          {provider.model}
        </code>
      </td>
      <td className="px-4 py-2.5 whitespace-nowrap text-muted-foreground">{provider.backend}</td>
      <td className="px-4 py-2.5">
        <ProviderStateBadge state={provider.state} />
        {detail && <p className="mt-1.5 max-w-80 text-xs text-muted-foreground">{detail}</p>}
        {hint && <p className="mt-1 max-w-80 text-xs text-foreground/80">{hint}</p>}
      </td>
      <td className="px-4 py-2.5 whitespace-nowrap text-muted-foreground">
        {provider.checkedAt ? (
          <time dateTime={provider.checkedAt} title={provider.checkedAt}>
            {relativeTime(provider.checkedAt, now)}
          </time>
        ) : (
          'Not yet'
        )}
      </td>
    </tr>
  );
}
