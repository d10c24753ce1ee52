import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@shared/uploads';
import { checkVideoFile, VIDEO_TOO_LARGE } from './video-file-check';

describe('checking a video before it is uploaded', () => {
  it('takes the accepted kinds up to 100 MB and says plainly what is wrong with anything else', () => {
    expect(checkVideoFile({ name: 'Beach.MOV', size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(checkVideoFile({ name: 'clip.webm', size: 1 })).toBeNull();
    expect(checkVideoFile({ name: 'clip.mp4', size: UPLOAD_MAX_BYTES + 1 })).toEqual({ title: 'File too large', description: 'Maximum file size is 100MB' });
    expect(VIDEO_TOO_LARGE.description).toBe('Maximum file size is 100MB');
    expect(checkVideoFile({ name: 'notes.txt', size: 10 })).toEqual({ title: 'Upload failed', description: 'Only .mp4, .mov, .avi, or .webm files can be uploaded.' });
  });
});
