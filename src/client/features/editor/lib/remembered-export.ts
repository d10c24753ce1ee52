/**
 * The export a project's editor is rendering, kept in the tab's sessionStorage: a reload, or a trip to the
 * dashboard and back, finds its progress chip again instead of losing a render that is still running.
 */
const keyOf = (projectId: string) => `promptreel.export.${projectId}`;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** sessionStorage, or nothing where the browser refuses it (private modes, storage disabled). */
function tabStorage(): KeyValueStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberedExport(projectId: string, storage = tabStorage()): string | null {
  try {
    return storage?.getItem(keyOf(projectId)) ?? null;
  } catch {
    return null;
  }
}

/** Remembers `jobId`, or forgets the project's export when it is null. */
export function rememberExport(projectId: string, jobId: string | null, storage = tabStorage()): void {
  try {
    if (jobId === null) storage?.removeItem(keyOf(projectId));
    else storage?.setItem(keyOf(projectId), jobId);
  } catch {
    // Full or refused: the chip is only lost on reload.
  }
}
