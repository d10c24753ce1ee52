import { RotateCw, Search } from 'lucide-react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useAdminUsers } from '../api/get-admin-users';
import { pageOf } from '../lib/pagination';
import { filterUsers, searchableUsers } from '../lib/user-search';
import { UserPagination } from './user-pagination';
import { UserTable } from './user-table';

/**
 * Search and paging happen in the browser over the one list the server sends. Only one page of rows
 * is ever rendered, and the filter runs on a deferred copy of the query so typing never waits for it.
 */
export function UserManagement() {
  const users = useAdminUsers();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const deferredQuery = useDeferredValue(query);

  const searchable = useMemo(() => searchableUsers(users.data ?? []), [users.data]);
  const filtered = useMemo(() => filterUsers(searchable, deferredQuery), [searchable, deferredQuery]);
  const slice = useMemo(() => pageOf(filtered, page), [filtered, page]);

  let placeholder: ReactNode = null;
  if (users.isPending) placeholder = 'Loading users...';
  else if (users.isError) {
    placeholder = (
      <span className="inline-flex flex-wrap items-center justify-center gap-3">
        {errorMessage(users.error, "Couldn't load the users.")}
        <Button type="button" variant="outline" size="sm" disabled={users.isFetching} onClick={() => void users.refetch()}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </span>
    );
  } else if (filtered.length === 0) placeholder = 'No users found';

  return (
    <section aria-labelledby="users-heading" className="grid min-w-0 gap-4 rounded-xl border border-white/10 bg-card/60 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-heading" className="text-lg font-semibold">
          User Management
        </h2>
        <div className="relative w-full sm:w-72">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search users..."
            className="pl-9"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      <UserTable users={slice.items} placeholder={placeholder} stale={query !== deferredQuery} />
      {users.isSuccess && filtered.length > 0 && <UserPagination slice={slice} onPageChange={setPage} />}
    </section>
  );
}
