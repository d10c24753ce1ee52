import type { Db } from '../db/database.ts';

/** How many of the oldest waiting jobs of a kind a claim chooses among. */
const FAIR_WINDOW = 100;

/**
 * Which of `names` have a job to claim now: one waiting whose time has come, or one whose runner died (lease ran
 * out). One query for every kind, so an idle runner's poll costs one lookup instead of two per kind.
 */
export async function claimableKinds(db: Db, names: string[], now: Date): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const at = now.toISOString();
  const rows = await db
    .selectFrom('jobs')
    .select('name')
    .distinct()
    .where('name', 'in', names)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', at)]),
        eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', at)]),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => row.name));
}

/**
 * Claims the next job of one kind for this runner, or undefined. A job whose runner died (lease ran out)
 * comes first. Otherwise, among the oldest waiting jobs, the user with the fewest jobs of this kind running
 * goes first, then the one served longest ago, then the oldest job: users take turns, so one user's queue of
 * exports does not hold everyone else's behind it.
 */
export async function claimFairly(db: Db, name: string, { leaseMs, now }: { leaseMs: number; now: Date }) {
  const at = now.toISOString();
  const candidate =
    (await db
      .selectFrom('jobs')
      .select(['id', 'attempts', 'status'])
      .where('name', '=', name)
      .where('status', '=', 'running')
      .where('lockedUntil', '<', at)
      .orderBy('runAt')
      .limit(1)
      .executeTakeFirst()) ?? (await nextInTurn(db, name, at));
  if (!candidate) return undefined;
  // Optimistic claim: only one runner's update matches the attempts count (and status) it read.
  return db
    .updateTable('jobs')
    .set({ status: 'running', attempts: candidate.attempts + 1, lockedUntil: new Date(now.getTime() + leaseMs).toISOString(), updatedAt: at })
    .where('id', '=', candidate.id)
    .where('attempts', '=', candidate.attempts)
    .where('status', '=', candidate.status)
    .returningAll()
    .executeTakeFirst();
}

async function nextInTurn(db: Db, name: string, at: string) {
  const waiting = await db
    .selectFrom('jobs')
    .select(['id', 'attempts', 'status', 'userId'])
    .where('name', '=', name)
    .where('status', '=', 'queued')
    .where('runAt', '<=', at)
    .orderBy('runAt')
    .orderBy('id')
    .limit(FAIR_WINDOW)
    .execute();
  const users = [...new Set(waiting.map((job) => job.userId).filter((id): id is string => id !== null))];
  if (users.length < 2) return waiting[0];
  const served = await db
    .selectFrom('jobs')
    .select((eb) => [
      'userId',
      eb.fn.sum<number | string>(eb.case().when('status', '=', 'running').then(1).else(0).end()).as('running'),
      eb.fn.max('updatedAt').as('lastServed'),
    ])
    .where('name', '=', name)
    .where('userId', 'in', users)
    .where('status', '<>', 'queued')
    .groupBy('userId')
    .execute();
  const turn = new Map(served.map((row) => [row.userId, { running: Number(row.running), lastServed: row.lastServed }]));
  const rank = (job: (typeof waiting)[number]) => (job.userId ? turn.get(job.userId) : undefined) ?? { running: 0, lastServed: '' };
  // Array.prototype.sort is stable: equal users keep the queue's order.
  return [...waiting].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra.running - rb.running || ra.lastServed.localeCompare(rb.lastServed);
  })[0];
}
