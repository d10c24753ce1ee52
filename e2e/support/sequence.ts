import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';

/** One shot as the editor's video lane shows it: its id, and the seconds of its clip it cuts at (its edges' values). */
interface LaneShot {
  id: string;
  in: number;
  out: number;
}

/** The video lane as a user reads it: the shots in play order and each joint's name ("Transition into shot 2: Cut"). */
export interface Lane {
  shots: LaneShot[];
  joints: string[];
}

/** Reads the editor's video lane from the page: its shot blocks in order, their In and Out edges, and its joints. */
export async function readLane(page: Page): Promise<Lane> {
  const shots = await page.getByTestId('shot-block').evaluateAll((blocks) =>
    blocks.map((block) => ({
      id: (block as HTMLElement).dataset.shot ?? '',
      in: Number(block.querySelector('[data-testid="shot-edge-in"]')?.getAttribute('aria-valuenow')),
      out: Number(block.querySelector('[data-testid="shot-edge-out"]')?.getAttribute('aria-valuenow')),
    })),
  );
  const joints = await page.getByTestId('transition-joint').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return { shots, joints };
}

/** What the header's Undo button would undo, as its title says ("Undo split shot (Ctrl+Z)"). */
export function undoTitle(page: Page): Promise<string | null> {
  return page.getByRole('button', { name: 'Undo', exact: true }).getAttribute('title');
}

/**
 * The stored master of one of a project's media assets (issue 26) in the e2e server's own media folder: the clean
 * file whatever the owner's plan, as the export reads it.
 */
export function mediaMasterFile(dataDir: string, mediaId: string): string {
  const db = new Database(path.join(dataDir, 'promptreel.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select file_key from media_assets where id = ?').get(mediaId) as { file_key: string | null } | undefined;
    if (!row?.file_key) throw new Error(`media ${mediaId} has no file`);
    return path.join(dataDir, 'media', row.file_key);
  } finally {
    db.close();
  }
}

/**
 * A small 9:16 clip in the stored format (H.264 yuv420p tagged BT.709 limited, a keyframe a second, AAC, faststart),
 * so an upload keeps it as it is: ffmpeg's moving colour test pattern with a tone, `seconds` long at `fps`. Its
 * colours are at half saturation: headless Chromium's software YUV->RGB draws strong blues a few levels weaker
 * than the exact BT.709 maths (export.e2e.ts), which on the pattern's full-strength bars alone would read as a
 * difference of ~8 between the player and an exact export.
 */
export function makeTaggedClip(dir: string, name: string, { seconds = 2, width = 360, height = 640, fps = 24, saturation = 0.5 } = {}): string {
  const clip = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true });
  const result = spawnSync('/usr/bin/ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${String(width)}x${String(height)}:rate=${String(fps)}`,
    '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000',
    '-t', String(seconds),
    '-vf', `hue=s=${String(saturation)},scale=out_color_matrix=bt709:out_range=tv,format=yuv420p`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-g', String(fps),
    '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
    '-c:a', 'aac', '-ar', '48000', '-ac', '2',
    '-movflags', '+faststart',
    clip,
  ]);
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr.toString()}`);
  return clip;
}
