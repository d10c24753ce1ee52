import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType: string;
}

/**
 * The Storage port: where videos, thumbnails and uploads live. Keys are made by the server
 * (`storageKey()`), never from user input.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Streams `body` into `key`. Past `maxBytes` it rejects with ObjectTooLargeError and keeps nothing. */
  putStream(key: string, body: Readable, options: { contentType: string; maxBytes?: number }): Promise<StoredObject>;
  putFile(key: string, file: string, contentType: string): Promise<StoredObject>;
  downloadToFile(key: string, file: string): Promise<void>;
  /**
   * A copy of `fromKey` under `toKey`, with its content type: an object of its own, so removing either leaves
   * the other whole. Rejects with ObjectNotFoundError when there is no `fromKey`.
   */
  copy(fromKey: string, toKey: string): Promise<StoredObject>;
  /** The whole object, or bytes start..end inclusive. Rejects with ObjectNotFoundError. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the objects; missing ones are not an error. */
  delete(keys: string[]): Promise<void>;
  /** Reachable and writable (for /readyz). */
  check(): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  override name = 'ObjectTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`Object is larger than ${maxBytes} bytes`);
  }
}

export class ObjectNotFoundError extends Error {
  override name = 'ObjectNotFoundError';
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Joins server-made parts into a key and refuses anything that could escape its folder. */
export function storageKey(...parts: string[]): string {
  const key = parts.join('/');
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function assertStorageKey(key: string): void {
  storageKey(key);
}
