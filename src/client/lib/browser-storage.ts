/** What the browser keeps for this site: localStorage or sessionStorage, or a stand-in in tests. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The browser's store, or undefined where it refuses one (private modes, storage disabled). Everything kept
 * there is a convenience: a store that is missing, full or refusing only costs the convenience.
 */
export function browserStore(kind: 'localStorage' | 'sessionStorage'): KeyValueStore | undefined {
  try {
    return globalThis[kind];
  } catch {
    return undefined;
  }
}

export function readStored(store: KeyValueStore | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or removes the key when it is null. */
export function writeStored(store: KeyValueStore | undefined, key: string, value: string | null): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Full or refused: see browserStore.
  }
}
