import fs from 'node:fs/promises';
import path from 'node:path';

const cacheDir = path.join(import.meta.dirname, '../../../node_modules/.cache/promptreel-test-fixtures');

/**
 * A fixture file made once per checkout and kept under node_modules/.cache: `name` is its key, so it must
 * say everything the recipe does (size, length, format) and change when the recipe changes. `make` writes
 * the file it is given (named `name`, so ffmpeg picks the format from its extension). Two test files making
 * it at once each write their own scratch copy, and the last rename wins: both follow the same recipe.
 */
export async function cachedFixture(name: string, make: (file: string) => Promise<unknown>): Promise<string> {
  const file = path.join(cacheDir, name);
  try {
    await fs.access(file);
    return file;
  } catch {
    // not made yet
  }
  await fs.mkdir(cacheDir, { recursive: true });
  const scratch = await fs.mkdtemp(path.join(cacheDir, 'making-'));
  try {
    await make(path.join(scratch, name));
    await fs.rename(path.join(scratch, name), file);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return file;
}
