import { memo } from 'react';
import type { AdminUser } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { SUBSCRIPTION_LABELS, SubscriptionSelect } from './subscription-select';

/** Memoised: typing in the search box re-renders the table, not the rows that stay on screen. */
export const UserRow = memo(function UserRow({ user }: { user: AdminUser }) {
  return (
    <tr className="border-b border-white/5 last:border-0 hover:bg-white/[0.03]">
      {/* Sticky, so the row's user stays in view when a narrow screen scrolls the table to its Actions. */}
      <th scope="row" title={user.username} className="sticky left-0 z-[1] max-w-56 truncate bg-card px-4 py-2.5 text-left font-medium max-sm:max-w-36">
        {user.username}
      </th>
      <td title={user.email ?? undefined} className="max-w-64 truncate px-4 py-2.5 text-muted-foreground">
        {user.email || '-'}
      </td>
      <td className="px-4 py-2.5">
        <Badge variant={user.subscription === 'pro' ? 'brand' : 'secondary'}>{SUBSCRIPTION_LABELS[user.subscription]}</Badge>
      </td>
      <td className="px-4 py-2.5 text-right tabular-nums">{user.credits.toLocaleString()}</td>
      <td className="px-4 py-2.5 whitespace-nowrap text-muted-foreground">{new Date(user.createdAt).toLocaleDateString()}</td>
      <td className="px-4 py-2.5">
        <SubscriptionSelect user={user} />
      </td>
    </tr>
  );
});
