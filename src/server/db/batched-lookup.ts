/** The most keys one lookup query carries; a larger batch is split. */
const MAX_KEYS_PER_QUERY = 100;

interface Waiting<K, V> {
  key: K;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Looks keys up one at a time for the caller, but in one query per turn of the event loop: every key
 * asked for while Node handles a batch of incoming requests is fetched together once that batch is
 * parsed (setImmediate). Idle, a lookup is one query as before; under load, a hundred concurrent
 * requests cost a few database round trips instead of a hundred, which is most of what a read costs on
 * PostgreSQL (docs/decisions/006-batched-lookups.md).
 *
 * `lookupMany` receives distinct keys and returns what it found; a key it did not find resolves to
 * undefined. If it fails, every caller in the batch gets its error.
 */
export function batchedLookup<K, V>(lookupMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let waiting: Array<Waiting<K, V>> = [];

  async function run(batch: Array<Waiting<K, V>>): Promise<void> {
    const keys = [...new Set(batch.map((entry) => entry.key))];
    try {
      const found = await lookupMany(keys);
      for (const entry of batch) entry.resolve(found.get(entry.key));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }

  function flush(): void {
    const batch = waiting;
    waiting = [];
    for (let start = 0; start < batch.length; start += MAX_KEYS_PER_QUERY) {
      void run(batch.slice(start, start + MAX_KEYS_PER_QUERY));
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}
