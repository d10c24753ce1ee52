import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, ObjectNotFoundError, ObjectTooLargeError, type Storage, type StoredObject } from './storage.ts';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Passes bytes through and counts them; past `maxBytes` it fails with ObjectTooLargeError, so a
 * pipeline (or an S3 upload reading from it) stops before the limit is ever stored.
 */
export class ByteLimit extends Transform {
  bytes = 0;
  exceeded = false;

  constructor(private readonly maxBytes?: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) {
      this.exceeded = true;
      callback(new ObjectTooLargeError(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * Objects are files under `rootDir/<key>`; the content type sits beside each in `<file>~meta.json`.
 * Keys never contain `~`, so neither sidecars nor temp files can collide with an object.
 */
export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function fileFor(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  }

  const metaFile = (file: string) => `${file}~meta.json`;
  const tempFile = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}~${randomUUID()}.tmp`);

  /** Moves a finished temp file into place: the sidecar first, so a reader never sees data without it. */
  async function commit(temp: string, file: string, contentType: string): Promise<StoredObject> {
    const { size } = await fs.stat(temp);
    const metaTemp = tempFile(metaFile(file));
    try {
      await fs.writeFile(metaTemp, JSON.stringify({ contentType }), { flag: 'wx' });
      await fs.rename(metaTemp, metaFile(file));
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(metaTemp, { force: true });
      throw error;
    }
    return { size, contentType };
  }

  return {
    kind: 'local',

    async putStream(key, body, { contentType, maxBytes }) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = tempFile(file);
      const limit = new ByteLimit(maxBytes);
      // Opened before piping so the temp file exists by the time any error cleanup runs.
      const handle = await fs.open(temp, 'wx');
      try {
        await pipeline(body, limit, handle.createWriteStream());
        return await commit(temp, file, contentType);
      } catch (error) {
        await handle.close();
        await fs.rm(temp, { force: true });
        if (limit.exceeded && maxBytes !== undefined) throw new ObjectTooLargeError(maxBytes);
        throw error;
      }
    },

    async putFile(key, source, contentType) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = tempFile(file);
      try {
        await fs.copyFile(source, temp);
        return await commit(temp, file, contentType);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },

    async copy(fromKey, toKey) {
      const source = fileFor(fromKey);
      const file = fileFor(toKey);
      if (!(await statFile(source))) throw new ObjectNotFoundError(fromKey);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = tempFile(file);
      try {
        // A real copy, not a link: deleting the source's project must not touch this one.
        await fs.copyFile(source, temp);
        return await commit(temp, file, await readContentType(source));
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw isMissing(error) ? new ObjectNotFoundError(fromKey) : error;
      }
    },

    async downloadToFile(key, destination) {
      const file = fileFor(key);
      // Checked apart from the copy so a missing destination folder is not mistaken for a missing object.
      if (!(await statFile(file))) throw new ObjectNotFoundError(key);
      try {
        await fs.copyFile(file, destination);
      } catch (error) {
        await fs.rm(destination, { force: true });
        throw error;
      }
    },

    async read(key, range): Promise<Readable> {
      const file = fileFor(key);
      const handle = await fs.open(file, 'r').catch((error: unknown) => {
        throw isMissing(error) ? new ObjectNotFoundError(key) : error;
      });
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new ObjectNotFoundError(key);
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async stat(key) {
      const file = fileFor(key);
      const stats = await statFile(file);
      if (!stats) return null;
      return { size: stats.size, contentType: await readContentType(file) };
    },

    async delete(keys) {
      const files = keys.map(fileFor);
      for (const file of files) {
        await fs.rm(file, { force: true });
        await fs.rm(metaFile(file), { force: true });
      }
    },

    async check() {
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.probe~${randomUUID()}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe);
    },
  };

  async function readContentType(file: string): Promise<string> {
    try {
      const meta = JSON.parse(await fs.readFile(metaFile(file), 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return DEFAULT_CONTENT_TYPE;
      throw error;
    }
  }
}

/** The file's stats, or null when there is no regular file at that path. */
async function statFile(file: string): Promise<Stats | null> {
  try {
    const stats = await fs.stat(file);
    return stats.isFile() ? stats : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
