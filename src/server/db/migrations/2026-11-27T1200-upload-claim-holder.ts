import type { Kysely } from 'kysely';

// Which process is checking an upload (complete-upload's claim): its host name and pid. A restarted server
// gives back the claims of processes on its machine that no longer run, instead of leaving the user's
// one-at-a-time slot held until the claim's deadline. Null for claims made before this and for unclaimed rows.
const columns = [
  ['claim_host', 'text'],
  ['claim_pid', 'integer'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of columns) await db.schema.alterTable('uploads').addColumn(name, type).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of columns) await db.schema.alterTable('uploads').dropColumn(name).execute();
}
