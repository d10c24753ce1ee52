import { useEffect } from 'react';
import type { Project } from '@shared/schemas/project';
import { toast } from '@/components/ui/use-toast';
import { browserStore, readStored, writeStored } from '@/lib/browser-storage';

/** The failure message last shown for a project, so a failed extension is reported once, not on every visit. */
function storageKey(projectId: string): string {
  return `promptreel:extension-failure-shown:${projectId}`;
}

function readShown(projectId: string): string | null {
  return readStored(browserStore('localStorage'), storageKey(projectId));
}

/** Without storage (private mode) the notice may repeat, which is harmless. */
function writeShown(projectId: string, message: string | null): void {
  writeStored(browserStore('localStorage'), storageKey(projectId), message);
}

/** A new extension is under way: if it fails too, its message is news, even if the words are the same. */
export function forgetExtensionFailure(projectId: string): void {
  writeShown(projectId, null);
}

/**
 * A failed extension leaves the project ready, as it was, with `errorMessage` saying why and that
 * the credits were refunded. The editor says so once.
 */
export function useExtensionFailureNotice(project: Pick<Project, 'id' | 'status' | 'errorMessage'>): void {
  const message = project.status === 'ready' ? project.errorMessage : null;
  useEffect(() => {
    if (!message || readShown(project.id) === message) return;
    writeShown(project.id, message);
    toast({ variant: 'destructive', title: 'Extension failed', description: message });
  }, [project.id, message]);
}
