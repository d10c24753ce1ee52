import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CaptionTrack, DEFAULT_CAPTION_STYLE } from '../../../shared/captions/caption-track.ts';
import { type EditorState, newShot, newTextOverlay } from '../../../shared/editor/editor-state.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import { makeTestClip } from '../../test-support/test-clips.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';
import { probeMedia } from '../probe-media.ts';
import type * as OverlayImages from './overlay-images.ts';
import { renderExport } from './render-export.ts';

// Plans made on this thread are counted (a worker thread imports the module itself, uncounted).
const plansOnThisThread = vi.hoisted(() => ({ count: 0 }));
vi.mock('./overlay-images.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof OverlayImages>();
  return {
    ...actual,
    planTextImages: (...args: Parameters<typeof actual.planTextImages>) => {
      plansOnThisThread.count += 1;
      return actual.planTextImages(...args);
    },
  };
});

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'text-plan-test-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('planning an export’s text (issue 42: a long edit’s plan froze the server)', () => {
  it('plans many captions and overlays on the thread that draws them, off the event loop', async () => {
    const source = path.join(dir, 'clip.mp4');
    await makeTestClip(source, { width: 90, height: 160, seconds: 2, rate: 30 });
    // Four shots of the clip (8 s), a caption line every 0.04 s and 20 overlays across the whole output.
    const shots = Array.from({ length: 4 }, (_, index) => newShot(`shot-${index + 1}`, 'clip', 2));
    const captions: CaptionTrack = {
      lines: Array.from({ length: 200 }, (_, index) => ({ id: `l${index}`, words: [{ text: `w${index}`, start: index * 0.04, end: index * 0.04 + 0.03, emphasis: false }] })),
      style: DEFAULT_CAPTION_STYLE,
      voice: null,
    };
    const textOverlays = Array.from({ length: 20 }, (_, index) => ({ ...newTextOverlay(`o${index}`, 8), text: `Text ${index}` }));
    const editorState: EditorState = { ...clipEdit('clip', 2), shots, captions, textOverlays };
    const outputFile = path.join(dir, 'out.mp4');

    await renderExport(await testFfmpeg(), {
      sourceFiles: new Map([['clip', source]]),
      outputFile,
      editorState,
      spec: { resolution: '720p', format: 'mp4', quality: 'low', watermark: true, maxWidth: 180 },
    });

    expect(plansOnThisThread.count).toBe(0);
    const probe = await probeMedia(await testFfmpeg(), outputFile);
    expect(probe.durationSeconds).toBeCloseTo(8, 0);
  });
});
