import { type Kysely, sql } from 'kysely';

// The length of a project's sequence on the output (issue 26): the dashboard shows it, and the list never reads
// the saved edit to find it. Written with the edit (editorDocumentColumns); null until the first edit, when the
// output is the whole clip. Every edit saved before this is of version 1 to 3, one clip cut by its trim: its
// output lasts the trim.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').addColumn('output_duration', 'real').execute();
  // Aliased: the app's connection camel-cases the names of the columns it reads.
  const edited = await db.selectFrom('video_projects').select(['id', 'editor_state as saved']).where('editor_state', 'is not', null).execute();
  for (const row of edited as Array<{ id: string; saved: string }>) {
    const length = trimmedLength(row.saved);
    if (length !== null) await sql`update video_projects set output_duration = ${length} where id = ${row.id}`.execute(db);
  }
}

function trimmedLength(json: string): number | null {
  try {
    const trim = (JSON.parse(json) as { trim?: { start?: unknown; end?: unknown } }).trim;
    if (typeof trim?.start !== 'number' || typeof trim.end !== 'number') return null;
    return Math.max(0, Math.round((trim.end - trim.start) * 1000) / 1000);
  } catch {
    return null;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').dropColumn('output_duration').execute();
}
