export type SaveStatus = 'saved' | 'saving' | 'error';

interface AutosaverOptions<T> {
  /** Sends a value; rejects when the server did not keep it. */
  save: (value: T) => Promise<void>;
  /** Sends a value in a way that outlives the page (a keepalive request); nobody waits for it. */
  saveOnLeave: (value: T) => void;
  delayMs: number;
  /** Waits before each automatic retry after a failure; the last one repeats. */
  retryDelaysMs: readonly number[];
}

/**
 * Debounced saving of the latest value, one request at a time so an older value can never land
 * after a newer one, with retries after a failure and a last send when the page is left.
 */
export function createAutosaver<T>({ save, saveOnLeave, delayMs, retryDelaysMs }: AutosaverOptions<T>) {
  let pending: T | undefined;
  let inFlight: T | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  // A failed request is only retried if nothing newer has gone out since (by flush()).
  let version = 0;
  let sentOnLeave = 0;
  let status: SaveStatus = 'saved';
  const listeners = new Set<() => void>();

  function setStatus(next: SaveStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of listeners) listener();
  }

  function schedule(ms: number): void {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  }

  function run(): void {
    timer = undefined;
    if (inFlight !== undefined || pending === undefined) return;
    const value = pending;
    const sentVersion = version;
    pending = undefined;
    inFlight = value;
    save(value).then(
      () => {
        inFlight = undefined;
        failures = 0;
        if (pending === undefined) setStatus('saved');
        // A change made while this request ran was held back until now.
        else if (timer === undefined) run();
      },
      () => {
        inFlight = undefined;
        if (sentOnLeave >= sentVersion && pending === undefined) return;
        pending ??= value;
        failures += 1;
        setStatus('error');
        schedule(retryDelaysMs[Math.min(failures, retryDelaysMs.length) - 1] ?? delayMs);
      },
    );
  }

  return {
    change(value: T): void {
      pending = value;
      version += 1;
      if (status !== 'error') setStatus('saving');
      schedule(delayMs);
    },
    retryNow(): void {
      clearTimeout(timer);
      run();
    },
    /** On leaving: sends whatever the server may not have yet, without waiting. */
    flush(): void {
      clearTimeout(timer);
      timer = undefined;
      const unsaved = pending ?? inFlight;
      pending = undefined;
      if (unsaved === undefined) return;
      sentOnLeave = version;
      saveOnLeave(unsaved);
      setStatus('saved');
    },
    getStatus: (): SaveStatus => status,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
