import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@shared/schemas/admin';
import { filterUsers, searchableUsers } from './user-search';

function user(username: string): AdminUser {
  return { id: username, username, email: null, subscription: 'free', credits: 200, createdAt: '2026-01-01T00:00:00.000Z' };
}

const users = searchableUsers([user('MayaStudio'), user('leo'), user('maya.k@mail'), user('Tomás')]);

describe('searching users by name (SPEC §2)', () => {
  it('matches a case-insensitive substring of the username, keeping the list order', () => {
    expect(filterUsers(users, 'MAYA').map((u) => u.username)).toEqual(['MayaStudio', 'maya.k@mail']);
    expect(filterUsers(users, 'aStU').map((u) => u.username)).toEqual(['MayaStudio']);
    expect(filterUsers(users, 'TOMÁS').map((u) => u.username)).toEqual(['Tomás']);
  });

  it('keeps everyone for a blank query and no one for a miss', () => {
    expect(filterUsers(users, '  ')).toHaveLength(4);
    expect(filterUsers(users, 'zzz')).toEqual([]);
  });

  it('ignores surrounding spaces but not inner ones', () => {
    expect(filterUsers(users, ' leo ').map((u) => u.username)).toEqual(['leo']);
    expect(filterUsers(users, 'maya studio')).toEqual([]);
  });
});
