import fs from 'node:fs/promises';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { extractFrameAt, extractLastFrame, videoInput } from './media-operations.ts';
import { probeMedia } from './probe-media.ts';

/** How far back from the end a fade to black is looked for: the offline engine's clips fade out over 0.6 s at most. */
const FADE_WINDOW_SECONDS = 1;
/** Each frame of the window is measured as this many grey pixels a side. */
const LUMA_SIDE = 16;
/** The end is faded when its frame has less than this share of the brightest frame's light... */
const FADED_SHARE = 0.5;
/** ...and the frame continued from is the last with at least this share of it. */
const UNFADED_SHARE = 0.9;
/** A window darker than this throughout (mean luma of 255) is a dark scene, not a fade: its end is kept. */
const DARK_SCENE_LUMA = 24;

/**
 * The frame a new shot continues from, as a PNG: the one shown at `atSeconds` (the video's last frame without it),
 * unless the picture fades to black there, as the offline engine's clips and many uploads do over their last half
 * second. Then it is the last frame before the fade: a model handed a black start frame starts from black.
 */
export async function extractContinueFrame(binaries: FfmpegBinaries, input: string, outputPng: string, atSeconds?: number): Promise<void> {
  const probe = await probeMedia(binaries, input);
  const end = atSeconds === undefined ? probe.videoDurationSeconds : Math.min(atSeconds, probe.videoDurationSeconds);
  const start = Math.max(0, end - FADE_WINDOW_SECONDS);
  const frame = start < end ? await lastUnfadedFrame(binaries, input, outputPng, start, end) : undefined;
  if (frame === undefined) {
    if (atSeconds === undefined) await extractLastFrame(binaries, input, outputPng);
    else await extractFrameAt(binaries, input, outputPng, atSeconds);
    return;
  }
  await fs.rm(outputPng, { force: true });
  // The same seek as the measure's, so frame number `frame` is the same frame.
  await runFfmpeg(binaries, ['-ss', start.toFixed(3), ...videoInput(input), '-an', '-vf', `select=eq(n\\,${frame})`, '-frames:v', '1', '-update', '1', outputPng]);
  const stat = await fs.stat(outputPng).catch(() => undefined);
  if (!stat || stat.size === 0) throw new Error(`ffmpeg wrote no frame to ${outputPng}`);
}

/** The number of the last frame before a fade to black, counted from `start`; undefined when the end is not faded. */
async function lastUnfadedFrame(binaries: FfmpegBinaries, input: string, scratchBase: string, start: number, end: number): Promise<number | undefined> {
  const grey = `${scratchBase}.luma`;
  try {
    await runFfmpeg(binaries, [
      '-ss', start.toFixed(3), ...videoInput(input), '-t', (end - start).toFixed(3), '-an',
      '-vf', `scale=${LUMA_SIDE}:${LUMA_SIDE}:flags=area,format=gray`, '-f', 'rawvideo', grey,
    ]);
    const bytes = await fs.readFile(grey);
    const size = LUMA_SIDE * LUMA_SIDE;
    const means = Array.from({ length: Math.floor(bytes.length / size) }, (_, index) => bytes.subarray(index * size, (index + 1) * size).reduce((sum, value) => sum + value, 0) / size);
    const brightest = Math.max(0, ...means);
    const last = means.at(-1);
    if (last === undefined || brightest < DARK_SCENE_LUMA || last >= FADED_SHARE * brightest) return undefined;
    return means.findLastIndex((mean) => mean >= UNFADED_SHARE * brightest);
  } finally {
    await fs.rm(grey, { force: true });
  }
}
