import { browserStore, readStored, writeStored } from '@/lib/browser-storage';

/**
 * The export a project's editor is rendering, kept in the tab's sessionStorage: a reload, or a trip to the
 * dashboard and back, finds its progress chip again instead of losing a render that is still running.
 */
const keyOf = (projectId: string) => `promptreel.export.${projectId}`;

export function rememberedExport(projectId: string, store = browserStore('sessionStorage')): string | null {
  return readStored(store, keyOf(projectId));
}

/** Remembers `jobId`, or forgets the project's export when it is null. */
export function rememberExport(projectId: string, jobId: string | null, store = browserStore('sessionStorage')): void {
  writeStored(store, keyOf(projectId), jobId);
}
