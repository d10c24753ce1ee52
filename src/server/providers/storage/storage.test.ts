import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from '../../test-support/s3-test-server.ts';
import { createStorage, ObjectNotFoundError, ObjectTooLargeError, type Storage, storageKey } from './index.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Client, createS3Storage } from './s3-storage.ts';

interface Harness {
  storage: Storage;
  /** Whatever is stored under a folder: objects, and for local disk any temp or sidecar file. */
  leftovers(folder: string): Promise<string[]>;
  close(): Promise<void>;
}

const adapters: Array<{ name: string; start: () => Promise<Harness> }> = [
  {
    name: 'local',
    async start() {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-'));
      return {
        storage: createLocalStorage(root),
        leftovers: (folder) => fs.readdir(path.join(root, folder)).catch(() => []),
        close: () => fs.rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async start() {
      const server = await startS3TestServer();
      const client = createS3Client(server.config);
      return {
        storage: createS3Storage(server.config, client),
        async leftovers(folder) {
          const listing = await client.send(
            new ListObjectsV2Command({ Bucket: server.config.bucket, Prefix: `${folder}/` }),
          );
          return (listing.Contents ?? []).map((object) => object.Key ?? '');
        },
        async close() {
          client.destroy();
          await server.close();
        },
      };
    },
  },
];

const MiB = 1024 * 1024;

/** `size` bytes in 64 KiB chunks, generated as they are read. */
function generated(size: number, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < size; offset += chunkSize) {
        yield patternAt(offset, Math.min(chunkSize, size - offset));
      }
    })(),
    { objectMode: false },
  );
}

function patternAt(offset: number, length: number): Buffer {
  const chunk = Buffer.alloc(length);
  for (let index = 0; index < length; index++) chunk[index] = ((offset + index) * 7) % 251;
  return chunk;
}

/** Yields `before` bytes, then fails as a dropped client connection would. */
function failingAfter(before: number): Readable {
  return Readable.from(
    (async function* () {
      yield patternAt(0, before);
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('client went away');
    })(),
    { objectMode: false },
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe.each(adapters)('$name storage', ({ start }) => {
  let harness: Harness;
  let storage: Storage;
  let folders = 0;
  /** A fresh folder per test, so leftovers only ever show what that test left. */
  const newFolder = () => storageKey(`case-${++folders}`);

  beforeAll(async () => {
    harness = await start();
    storage = harness.storage;
  });
  afterAll(() => harness?.close());

  it('stores a stream and gives back its bytes, size and content type', async () => {
    const key = storageKey(newFolder(), 'clip.mp4');
    const stored = await storage.putStream(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      contentType: 'video/mp4',
    });

    expect(stored).toEqual({ size: 11, contentType: 'video/mp4' });
    expect(await storage.stat(key)).toEqual({ size: 11, contentType: 'video/mp4' });
    expect((await readAll(await storage.read(key))).toString()).toBe('hello world');
  });

  it('reads exactly bytes start..end of a range, both inclusive', async () => {
    const key = storageKey(newFolder(), 'range.bin');
    await storage.putStream(key, generated(10_000), { contentType: 'application/octet-stream' });

    // Not `0-0`: s3rver reads `bytes=0-0` as `bytes=0-` (real S3 answers one byte).
    for (const [start, end] of [[1000, 1999], [0, 1], [9990, 9999]] as const) {
      const part = await readAll(await storage.read(key, { start, end }));
      expect(part.length).toBe(end - start + 1);
      expect(part.equals(patternAt(start, end - start + 1))).toBe(true);
    }
  });

  it('refuses a stream past maxBytes, stops reading it and keeps nothing', async () => {
    const folder = newFolder();
    const key = storageKey(folder, 'upload.mp4');
    const source = generated(64 * 1024);

    await expect(storage.putStream(key, source, { contentType: 'video/mp4', maxBytes: 10_000 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(source.destroyed).toBe(true);
    expect(await storage.stat(key)).toBeNull();
    expect(await harness.leftovers(folder)).toEqual([]);
  });

  it('refuses a body that passes maxBytes after several parts have gone out', async () => {
    const folder = newFolder();
    const key = storageKey(folder, 'big.mp4');

    const put = storage.putStream(key, generated(6 * MiB), { contentType: 'video/mp4', maxBytes: 5.5 * MiB });
    await expect(put).rejects.toMatchObject({ name: 'ObjectTooLargeError', maxBytes: 5.5 * MiB });
    expect(await storage.stat(key)).toBeNull();
    expect(await harness.leftovers(folder)).toEqual([]);
  });

  it('keeps nothing when the source stream fails midway, and reports its error', async () => {
    const folder = newFolder();
    const key = storageKey(folder, 'broken.mp4');

    await expect(storage.putStream(key, failingAfter(3000), { contentType: 'video/mp4' })).rejects.toThrow(
      'client went away',
    );
    expect(await storage.stat(key)).toBeNull();
    expect(await harness.leftovers(folder)).toEqual([]);
  });

  it('accepts a body of exactly maxBytes', async () => {
    const key = storageKey(newFolder(), 'exact.bin');
    const stored = await storage.putStream(key, generated(4096), { contentType: 'image/jpeg', maxBytes: 4096 });
    expect(stored).toEqual({ size: 4096, contentType: 'image/jpeg' });
  });

  it('streams a 6 MB object in and out intact', async () => {
    const key = storageKey(newFolder(), 'large.mp4');
    const size = 6 * MiB;

    const stored = await storage.putStream(key, generated(size), { contentType: 'video/mp4', maxBytes: 100 * MiB });

    expect(stored.size).toBe(size);
    expect(await storage.stat(key)).toEqual({ size, contentType: 'video/mp4' });
    expect(await sha256(await storage.read(key))).toBe(await sha256(generated(size)));
  });

  it('puts a file and downloads it to a file', async () => {
    const key = storageKey(newFolder(), 'thumb.jpg');
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-files-'));
    try {
      await fs.writeFile(path.join(scratch, 'in.jpg'), patternAt(0, 5000));

      expect(await storage.putFile(key, path.join(scratch, 'in.jpg'), 'image/jpeg')).toEqual({
        size: 5000,
        contentType: 'image/jpeg',
      });
      await storage.downloadToFile(key, path.join(scratch, 'out.jpg'));

      expect(await fs.readFile(path.join(scratch, 'out.jpg'))).toEqual(patternAt(0, 5000));
      expect(await storage.stat(key)).toEqual({ size: 5000, contentType: 'image/jpeg' });
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });

  it('copies an object to an object of its own: deleting either leaves the other whole', async () => {
    const folder = newFolder();
    const [source, copy] = [storageKey(folder, 'a', 'clip.mp4'), storageKey(folder, 'b', 'clip.mp4')];
    await storage.putStream(source, generated(70_000), { contentType: 'video/mp4' });

    expect(await storage.copy(source, copy)).toEqual({ size: 70_000, contentType: 'video/mp4' });
    await storage.delete([source]);
    expect(await storage.stat(copy)).toEqual({ size: 70_000, contentType: 'video/mp4' });
    expect(await sha256(await storage.read(copy))).toBe(await sha256(generated(70_000)));
    await expect(storage.copy(source, storageKey(folder, 'c.mp4'))).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.stat(storageKey(folder, 'c.mp4'))).toBeNull();
  });

  it('answers ObjectNotFoundError for a missing key, and stat answers null', async () => {
    const key = storageKey(newFolder(), 'missing.mp4');
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-files-'));
    try {
      await expect(storage.read(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.read(key, { start: 0, end: 9 })).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.downloadToFile(key, path.join(scratch, 'out.mp4'))).rejects.toBeInstanceOf(
        ObjectNotFoundError,
      );
      await expect(fs.readdir(scratch)).resolves.toEqual([]);
      expect(await storage.stat(key)).toBeNull();
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });

  it('deletes objects and ignores keys that are already gone', async () => {
    const folder = newFolder();
    const [first, second] = [storageKey(folder, 'a.mp4'), storageKey(folder, 'b.jpg')];
    await storage.putStream(first, Readable.from([Buffer.from('a')]), { contentType: 'video/mp4' });
    await storage.putStream(second, Readable.from([Buffer.from('b')]), { contentType: 'image/jpeg' });

    await storage.delete([first, second, storageKey(folder, 'never-was.mp4')]);
    await storage.delete([]);

    expect(await storage.stat(first)).toBeNull();
    expect(await storage.stat(second)).toBeNull();
    await expect(storage.read(first)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await harness.leftovers(folder)).toEqual([]);
  });

  it('refuses keys that could escape their folder, in every method', async () => {
    for (const bad of ['../etc/passwd', 'a//b', '/abs', 'A/B', 'a/../b', 'a/b/', '']) {
      expect(() => storageKey(bad)).toThrow('Invalid storage key');
      await expect(storage.stat(bad)).rejects.toThrow('Invalid storage key');
      await expect(storage.read(bad)).rejects.toThrow('Invalid storage key');
      await expect(storage.putStream(bad, Readable.from([]), { contentType: 'text/plain' })).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(storage.putFile(bad, '/dev/null', 'text/plain')).rejects.toThrow('Invalid storage key');
      await expect(storage.downloadToFile(bad, '/dev/null')).rejects.toThrow('Invalid storage key');
      await expect(storage.copy(bad, 'ok')).rejects.toThrow('Invalid storage key');
      await expect(storage.copy('ok', bad)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(['ok', bad])).rejects.toThrow('Invalid storage key');
    }
    expect(storageKey('uploads', 'u1', 'original.mp4')).toBe('uploads/u1/original.mp4');
  });

  it('passes its readiness check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('createStorage', () => {
  it('keeps media under DATA_DIR/media without S3_BUCKET', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-data-'));
    try {
      const storage = createStorage({ dataDir, s3: undefined });
      await storage.putStream('videos/v1.mp4', Readable.from([Buffer.from('v')]), { contentType: 'video/mp4' });

      expect(storage.kind).toBe('local');
      expect(await fs.readFile(path.join(dataDir, 'media', 'videos', 'v1.mp4'), 'utf8')).toBe('v');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('uses S3 when a bucket is configured', () => {
    const storage = createStorage({ dataDir: '/unused', s3: { bucket: 'media', region: 'us-east-1' } });
    expect(storage.kind).toBe('s3');
  });
});

/**
 * A TCP proxy in front of the S3 server that cuts the connection of the first `drops` PUT requests
 * as they arrive, as a server closing an idle keep-alive socket under a new request does.
 */
async function startDroppingProxy(target: string, drops: number) {
  const { hostname, port } = new URL(target);
  let puts = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (chunk.subarray(0, 4).toString('latin1') === 'PUT ' && ++puts <= drops) {
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    puts: () => puts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('s3 storage when a connection drops under an upload', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  /** Reads what was stored, straight from the S3 server. */
  let directClient: S3Client;
  let direct: Storage;
  let scratch: string;
  let file: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    directClient = createS3Client(s3.config);
    direct = createS3Storage(s3.config, directClient);
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-drops-'));
    file = path.join(scratch, 'clip.mp4');
    await fs.writeFile(file, patternAt(0, 300_000));
  });
  afterAll(async () => {
    directClient?.destroy();
    await s3?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  /** Runs `run` on a storage whose requests pass through a proxy that drops the first `drops` PUTs; answers the PUTs seen. */
  async function throughProxy(drops: number, run: (storage: Storage) => Promise<void>) {
    const proxy = await startDroppingProxy(s3.config.endpoint, drops);
    const client = createS3Client({ ...s3.config, endpoint: proxy.endpoint });
    try {
      await run(createS3Storage(s3.config, client));
    } finally {
      client.destroy();
      await proxy.close();
    }
    return proxy.puts();
  }

  it('sends the file again and stores it whole', async () => {
    const puts = await throughProxy(1, async (storage) => {
      expect(await storage.putFile('drops/once.mp4', file, 'video/mp4')).toEqual({ size: 300_000, contentType: 'video/mp4' });
      expect(await readAll(await direct.read('drops/once.mp4'))).toEqual(patternAt(0, 300_000));
    });
    expect(puts).toBe(2);
  });

  it('gives up after three sends and stores nothing', async () => {
    const puts = await throughProxy(Infinity, async (storage) => {
      await expect(storage.putFile('drops/never.mp4', file, 'video/mp4')).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(await direct.stat('drops/never.mp4')).toBeNull();
    });
    expect(puts).toBe(3);
  });
});
