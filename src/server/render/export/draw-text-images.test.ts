import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorState, defaultEditorState, newTextOverlay } from '../../../shared/editor/editor-state.ts';
import { type TextImageOptions, drawTextImages } from './overlay-images.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'draw-text-images-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function drawn(editorState: EditorState, name: string) {
  const workDir = path.join(dir, name);
  await fs.mkdir(workDir);
  const options: TextImageOptions = { frame: { width: 360, height: 640 }, timing: { fps: 30, trimStart: 0 }, duration: 2, watermark: true, workDir };
  const { images, threadId: drawnOn } = await drawTextImages({ editorState, options });
  return { drawnOn, planned: images.reduce((sum, image) => sum + image.pictures.length, 0), written: (await fs.readdir(workDir)).length };
}

describe('drawing an export’s text', () => {
  it('draws moving text on a worker thread, every picture the plan names, so the event loop stays free', async () => {
    const moving = { ...newTextOverlay('pop', 2), text: 'Pop\nشكرا', enter: { kind: 'pop' as const, duration: 1 } };
    const result = await drawn({ ...defaultEditorState('clip', 2), textOverlays: [moving] }, 'moving');
    expect(result.drawnOn).not.toBe(threadId);
    expect(result.planned).toBe(30 + 1 + 1);
    expect(result.written).toBe(result.planned);
  });

  it('draws a watermark and a still caption in place: fewer pictures than a thread costs to start', async () => {
    const still = { ...newTextOverlay('still', 2), text: 'Still' };
    const result = await drawn({ ...defaultEditorState('clip', 2), textOverlays: [still] }, 'still');
    expect(result.drawnOn).toBe(threadId);
    expect(result.written).toBe(2);
  });
});
