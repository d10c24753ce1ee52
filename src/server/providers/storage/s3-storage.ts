import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config.ts';
import { ByteLimit } from './local-storage.ts';
import { assertStorageKey, ObjectNotFoundError, ObjectTooLargeError, type Storage, type StoredObject } from './storage.ts';

export type S3Config = NonNullable<Config['s3']>;

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;
/** Sends of one file before a dropped connection fails putFile. */
const PUT_FILE_ATTEMPTS = 3;
const DROPPED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

export function createS3Client(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    // S3-compatible servers (MinIO, s3rver, …) rarely resolve bucket subdomains.
    forcePathStyle: Boolean(s3.endpoint),
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by many S3-compatible
    // servers; checksums are still sent where S3 requires them (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Media in an S3-compatible bucket (S3_BUCKET, optionally S3_ENDPOINT for MinIO and the like). */
export function createS3Storage(s3: S3Config, client: S3Client = createS3Client(s3)): Storage {
  const Bucket = s3.bucket;

  async function getObject(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertStorageKey(key);
    try {
      const response = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      if (!(response.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return response.Body;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async function statObject(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',

    async putStream(key, body, { contentType, maxBytes }) {
      assertStorageKey(key);
      const limit = new ByteLimit(maxBytes);
      let streamError: unknown;
      limit.on('error', (error) => (streamError ??= error));
      // pipeline destroys the source when the limit trips and the limit when the source fails.
      pipeline(body, limit).catch(() => {});
      // Unknown length: Upload sends one PutObject for small bodies, multipart (5 MB parts) beyond.
      // queueSize bounds memory to about queueSize x 5 MB per upload.
      const upload = new Upload({
        client,
        queueSize: 2,
        params: { Bucket, Key: key, Body: limit, ContentType: contentType },
      });
      try {
        await upload.done();
      } catch (error) {
        // Nothing was completed, so no object exists; stop reading the source if S3 failed first.
        limit.destroy();
        if (limit.exceeded && maxBytes !== undefined) throw new ObjectTooLargeError(maxBytes);
        throw streamError ?? error;
      }
      return { size: limit.bytes, contentType };
    },

    async putFile(key, file, contentType) {
      assertStorageKey(key);
      const { size } = await fs.stat(file);
      // The SDK does not resend a streamed body, so a connection dropped under it (a keep-alive socket
      // the server closed as the request went out) fails the upload; a file can be read again.
      for (let attempt = 1; ; attempt++) {
        const body = createReadStream(file);
        try {
          await client.send(
            new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }),
          );
          return { size, contentType };
        } catch (error) {
          body.destroy();
          if (attempt >= PUT_FILE_ATTEMPTS || !isDroppedConnection(error)) throw error;
        }
      }
    },

    async copy(fromKey, toKey) {
      assertStorageKey(fromKey);
      assertStorageKey(toKey);
      // Server-side: the bytes never pass through this process. One CopyObject takes objects up to 5 GB.
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: toKey, CopySource: `${Bucket}/${encodeURIComponent(fromKey).replace(/%2F/g, '/')}` }),
        );
      } catch (error) {
        if (isNotFound(error)) throw new ObjectNotFoundError(fromKey);
        throw error;
      }
      const copied = await statObject(toKey);
      if (!copied) throw new Error(`S3 reported a copy of ${fromKey} to ${toKey} that is not there`);
      return copied;
    },

    async downloadToFile(key, file) {
      const body = await getObject(key);
      try {
        await pipeline(body, createWriteStream(file));
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
    },

    read: getObject,

    stat: statObject,

    async delete(keys) {
      keys.forEach(assertStorageKey);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const response = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failure = response.Errors?.[0];
        if (failure) throw new Error(`Could not delete ${failure.Key}: ${failure.Code} ${failure.Message}`);
      }
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

/** A missing object (GetObject says NoSuchKey, HeadObject a bare 404); a missing bucket is not. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/** The connection went away under a request ("socket hang up"); S3 itself answered nothing. */
function isDroppedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DROPPED_CONNECTION_CODES.has(code);
}
