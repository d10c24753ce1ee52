import type { Project } from '@shared/schemas/project';

/**
 * Which editor a read of the project belongs to: the page keys the editor by it, so a new key opens a fresh one
 * (the saved edit reloaded, the undo history gone). Only another project does. The project's `videoUrl` is not
 * part of it: it names the first shot's clip (SPEC's video), so deleting or moving the first shot changes it with
 * the next save, and that edit must stay one undoable step like any other. Nothing rewrites the project's own
 * clip while the editor is open (an extension appends a shot, decision 040).
 */
export function editorSessionKey(project: Pick<Project, 'id' | 'videoUrl'>): string {
  return project.id;
}
