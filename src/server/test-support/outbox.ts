import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The messages the outbox mailer has written whole to `dataDir`'s outbox (no SMTP_URL in tests), oldest first: a
 * message still being written ends in `.partial` and is left out.
 */
export async function outboxMessages(dataDir: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const names = await fs.readdir(outbox).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.eml')).sort().map((name) => path.join(outbox, name));
}
