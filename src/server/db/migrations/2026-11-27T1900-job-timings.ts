import type { Kysely } from 'kysely';

// How long finished exports and generations took, from the request to the result, with the kind of work and
// its size: what the app's estimates ("about 40 seconds", a generation's progress) are based on.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_timings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('output_seconds', 'double precision', (c) => c.notNull())
    .addColumn('seconds', 'double precision', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_timings_recent_idx').on('job_timings').columns(['kind', 'size', 'finished_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_timings').execute();
}
