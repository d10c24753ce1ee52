import { Crown, Film, type LucideIcon, CalendarDays, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { AdminStats } from '@shared/schemas/admin';

/** SPEC §2 shows '...' in place of a number until the stats arrive. */
const PENDING = '...';

function count(value: number | undefined): string {
  return value === undefined ? PENDING : value.toLocaleString();
}

interface StatCardProps {
  title: string;
  icon: LucideIcon;
  value: number | undefined;
  children?: ReactNode;
}

function StatCard({ title, icon: Icon, value, children }: StatCardProps) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="min-w-0 rounded-xl border border-white/10 bg-card/60 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </div>
      <p className="mt-2 truncate text-2xl font-bold tabular-nums sm:text-3xl">{count(value)}</p>
      {children}
    </div>
  );
}

/** Two by two on a phone, one row of four from a laptop up. */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <section aria-label="Usage statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard title="Total Users" icon={Users} value={stats?.totalUsers} />
      <StatCard title="Total Videos" icon={Film} value={stats?.totalVideos} />
      <StatCard title="Videos This Month" icon={CalendarDays} value={stats?.videosThisMonth} />
      <StatCard title="Pro Users" icon={Crown} value={stats?.proUsers}>
        <p className="mt-1 text-xs text-muted-foreground tabular-nums">Free: {count(stats?.freeUsers)}</p>
      </StatCard>
    </section>
  );
}
