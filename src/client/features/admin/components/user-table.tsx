import type { ReactNode } from 'react';
import type { AdminUser } from '@shared/schemas/admin';
import { cn } from '@/lib/utils';
import { UserRow } from './user-row';

const COLUMNS = ['Username', 'Email', 'Subscription', 'Credits', 'Created', 'Actions'] as const;

interface UserTableProps {
  users: AdminUser[];
  /** Shown across the table instead of rows: 'Loading users...', 'No users found', an error. */
  placeholder?: ReactNode;
  /** True while a newer search is still being applied, so the rows shown are about to change. */
  stale?: boolean;
}

/**
 * The table scrolls sideways inside its card on a narrow screen, never the page. The scroll box takes
 * focus so the arrow keys can scroll it too.
 */
export function UserTable({ users, placeholder, stale = false }: UserTableProps) {
  return (
    <div
      role="region"
      aria-label="Users"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-white/10 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className={cn('w-full min-w-[46rem] text-sm transition-opacity', stale && 'opacity-60')}>
        <thead className="bg-white/[0.03] text-xs text-muted-foreground uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={cn('px-4 py-3 font-medium', column === 'Credits' ? 'text-right' : 'text-left', column === 'Username' && 'sticky left-0 z-[1] bg-card')}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {placeholder ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-4 py-10 text-center text-muted-foreground">
                {placeholder}
              </td>
            </tr>
          ) : (
            users.map((user) => <UserRow key={user.id} user={user} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
