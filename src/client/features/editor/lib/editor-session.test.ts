import { describe, expect, it } from 'vitest';
import { editorSessionKey } from './editor-session';

describe('editorSessionKey', () => {
  it('keeps the editor open when a save changes the first shot (SPEC’s video is its clip), so its undo history stays', () => {
    const opened = { id: 'project-1', videoUrl: '/api/video-proxy/project-1?v=master-1' };
    // Deleting shot 1 saves an edit whose first shot cuts another asset: the project's videoUrl follows it.
    const afterDeletingShot1 = { id: 'project-1', videoUrl: '/api/video-proxy/project-1?v=shot-asset-2' };
    expect(editorSessionKey(afterDeletingShot1)).toBe(editorSessionKey(opened));
  });

  it('opens a fresh editor for another project', () => {
    expect(editorSessionKey({ id: 'project-2', videoUrl: '/api/video-proxy/project-2?v=a' })).not.toBe(editorSessionKey({ id: 'project-1', videoUrl: '/api/video-proxy/project-1?v=a' }));
  });
});
