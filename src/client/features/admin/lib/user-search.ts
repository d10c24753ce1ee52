import type { AdminUser } from '@shared/schemas/admin';

/** A user with the lower-cased name computed once per list read, not once per keystroke. */
export interface SearchableUser {
  user: AdminUser;
  name: string;
}

export function searchableUsers(users: readonly AdminUser[]): SearchableUser[] {
  return users.map((user) => ({ user, name: user.username.toLowerCase() }));
}

/** SPEC §2: a case-insensitive substring of the username; a blank query keeps everyone, in order. */
export function filterUsers(users: readonly SearchableUser[], query: string): AdminUser[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return users.map((entry) => entry.user);
  const found: AdminUser[] = [];
  for (const entry of users) if (entry.name.includes(needle)) found.push(entry.user);
  return found;
}
