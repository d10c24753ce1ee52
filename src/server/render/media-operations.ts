import fs from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { storedFrameRate } from './frame-rate.ts';
import { BT709_OUTPUT_TAGS, hdrColorOf, toneMapToBt709 } from './hdr-tone-map.ts';
import { type MediaProbe, probeMedia, VIDEO_DEMUXERS } from './probe-media.ts';
import { withScratchDir } from './scratch-dir.ts';

/** Progress, cancellation and a time limit, accepted by every operation that encodes. */
export interface MediaOperationOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Past this ffmpeg is killed and the operation rejects with FfmpegTimeoutError. */
  timeoutMs?: number;
}

/** The input's probe, where the caller has it: each ffprobe costs a process start (~70 ms of CPU with Debian's ffmpeg). */
interface KnownProbe {
  probe?: MediaProbe;
}

/** How an encode spends its bits, where an export for a platform differs from the stored videos' defaults. */
export interface H264AacSettings {
  /** x264's constant quality (CRF), or a set average rate in kbit/s. */
  video?: { crf: number } | { kbps: number };
  /** A cap on the video's rate in kbit/s (x264's VBV, with a buffer of two seconds of it). */
  maxVideoKbps?: number;
  /** A keyframe at least this often. */
  keyframeSeconds?: number;
  audioKbps?: number;
}

/**
 * Encoder settings every stored video gets: H.264 yuv420p + AAC 48 kHz stereo, moov first (DESIGN §5), and
 * a keyframe at least every second in closed GOPs. x264's default of one per 250 frames leaves a short clip a single
 * keyframe, so every seek (the player's scrubbing, each frame of the timeline's filmstrip) decodes from the
 * clip's start.
 */
export function h264AacOutputArgs({ video = { crf: 23 }, maxVideoKbps, keyframeSeconds = 1, audioKbps = 128 }: H264AacSettings = {}): string[] {
  return [
    '-c:v', 'libx264', '-preset', 'veryfast',
    ...('crf' in video ? ['-crf', String(video.crf)] : ['-b:v', `${video.kbps}k`]),
    ...(maxVideoKbps === undefined ? [] : ['-maxrate', `${maxVideoKbps}k`, '-bufsize', `${2 * maxVideoKbps}k`]),
    '-pix_fmt', 'yuv420p',
    '-force_key_frames', `expr:gte(t,n_forced*${keyframeSeconds})`,
    // Closed GOPs and at most two B-frames in a row, as YouTube's upload spec asks (veryfast uses three).
    '-bf', '2', '-flags', '+cgop',
    ...aacOutputArgs(audioKbps),
    '-movflags', '+faststart',
  ];
}

/** The sound of every stored video and export: AAC, 48 kHz stereo. */
export function aacOutputArgs(audioKbps = 128): string[] {
  return ['-c:a', 'aac', '-b:a', `${audioKbps}k`, '-ar', '48000', '-ac', '2'];
}

/** A silent stereo track as a second input, for videos that have none (every stored video has audio). */
function silentAudioInput(seconds: number): string[] {
  return ['-f', 'lavfi', '-t', seconds.toFixed(3), '-i', 'anullsrc=r=48000:cl=stereo'];
}

/**
 * `-i file`, limited to video containers so a user's file cannot make ffmpeg open other files. Decoding a user's
 * file uses at most DECODER_THREADS threads: each frame thread holds frames of its own, so on a many-core
 * machine an unbounded count multiplies the memory a large video takes.
 */
export function videoInput(file: string): string[] {
  return ['-threads', String(DECODER_THREADS), '-format_whitelist', VIDEO_DEMUXERS, '-i', file];
}

const DECODER_THREADS = 2;

function concatListLine(file: string): string {
  const absolute = path.resolve(file);
  if (/[\r\n]/.test(absolute)) throw new Error(`Cannot concatenate a file whose name has a line break: ${absolute}`);
  return `file '${absolute.replace(/'/g, "'\\''")}'`;
}

/**
 * Joins segments our renderer made (same codecs and parameters) without re-encoding. Each segment's length is
 * that of its picture, so AAC padding does not open ~20 ms gaps between segments.
 */
export async function concatSegments(
  binaries: FfmpegBinaries,
  inputFiles: string[],
  outputFile: string,
  options: MediaOperationOptions = {},
): Promise<void> {
  if (inputFiles.length === 0) throw new Error('concatSegments needs at least one segment');
  const probes = await Promise.all(inputFiles.map((file) => probeMedia(binaries, file)));
  const list = inputFiles
    .map((file, i) => `${concatListLine(file)}\nduration ${(probes[i] as MediaProbe).videoDurationSeconds.toFixed(6)}`)
    .join('\n');
  const totalSeconds = probes.reduce((sum, probe) => sum + probe.videoDurationSeconds, 0);

  await withScratchDir('promptreel-concat', async (dir) => {
    const listFile = path.join(dir, 'segments.txt');
    await fs.writeFile(listFile, `${list}\n`);
    await runFfmpeg(
      binaries,
      ['-f', 'concat', '-safe', '0', '-i', listFile, '-map', '0', '-c', 'copy', '-movflags', '+faststart', outputFile],
      { ...options, expectedDurationSeconds: totalSeconds },
    );
  });
}

/** Re-encodes the first `seconds` of the input (never longer than the input itself). */
export async function trimToDuration(
  binaries: FfmpegBinaries,
  input: string,
  output: string,
  seconds: number,
  { probe: known, ...options }: MediaOperationOptions & KnownProbe = {},
): Promise<void> {
  if (!(seconds > 0)) throw new Error(`trimToDuration needs a positive length, got ${seconds}`);
  const probe = known ?? (await probeMedia(binaries, input));
  const length = Math.min(seconds, probe.durationSeconds);
  const audio = probe.audioCodec ? ['-map', '0:a:0'] : ['-map', '1:a:0'];
  await runFfmpeg(
    binaries,
    [
      ...videoInput(input),
      ...(probe.audioCodec ? [] : silentAudioInput(length)),
      '-map', '0:V:0', ...audio,
      '-t', length.toFixed(3),
      ...h264AacOutputArgs(),
      '-map_metadata', '-1',
      output,
    ],
    { ...options, expectedDurationSeconds: length },
  );
}

async function assertWritten(file: string, what: string): Promise<void> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat || stat.size === 0) throw new Error(`ffmpeg wrote no ${what} to ${file}`);
}

/** A JPEG of the frame at `atSeconds` (clamped into the video), at most 480 px on its long side. */
export async function extractThumbnail(
  binaries: FfmpegBinaries,
  input: string,
  outputJpeg: string,
  atSeconds: number,
  { timeoutMs, probe: known }: { timeoutMs?: number } & KnownProbe = {},
): Promise<void> {
  const probe = known ?? (await probeMedia(binaries, input, { timeoutMs }));
  const at = Math.max(0, Math.min(atSeconds, probe.videoDurationSeconds - 0.5));
  await runFfmpeg(binaries, [
    '-ss', at.toFixed(3),
    ...videoInput(input),
    '-frames:v', '1',
    '-vf', "scale=w='min(480,iw*sar)':h='min(480,ih)':force_original_aspect_ratio=decrease,setsar=1",
    '-q:v', '3',
    '-update', '1',
    outputJpeg,
  ], { timeoutMs });
  await assertWritten(outputJpeg, 'thumbnail');
}

/** The frame shown at `atSeconds` (clamped into the picture) as a full-size PNG: the start of a shot that continues it. */
export async function extractFrameAt(binaries: FfmpegBinaries, input: string, outputPng: string, atSeconds: number): Promise<void> {
  const probe = await probeMedia(binaries, input);
  const lastFrameStart = Math.max(0, probe.videoDurationSeconds - 1 / Math.max(1, probe.frameRate || 30));
  if (atSeconds >= lastFrameStart) return extractLastFrame(binaries, input, outputPng);
  await fs.rm(outputPng, { force: true });
  await runFfmpeg(binaries, ['-ss', Math.max(0, atSeconds).toFixed(3), ...videoInput(input), '-an', '-frames:v', '1', '-update', '1', outputPng]);
  await assertWritten(outputPng, 'frame');
}

/** The video's last frame as a PNG (Veo continues a long video from it). */
export async function extractLastFrame(binaries: FfmpegBinaries, input: string, outputPng: string): Promise<void> {
  await fs.rm(outputPng, { force: true });
  // Decoding only the last half second is quick; -update keeps overwriting the PNG, so the last frame stays.
  await runFfmpeg(binaries, ['-sseof', '-0.5', ...videoInput(input), '-an', '-update', '1', outputPng]);
  const stat = await fs.stat(outputPng).catch(() => undefined);
  if (!stat || stat.size === 0) {
    // Sparse frames (variable-rate uploads) can leave the last half second empty: decode the whole file.
    await runFfmpeg(binaries, [...videoInput(input), '-an', '-update', '1', outputPng]);
  }
  await assertWritten(outputPng, 'last frame');
}

export interface NormalizeOptions extends MediaOperationOptions, KnownProbe {
  /** The output's long side is scaled down to this if larger; smaller videos are never enlarged. */
  maxLongSide?: number;
  /** Frames beyond this rate are dropped; slower videos keep theirs, a variable rate becomes a constant one (storedFrameRate). */
  maxFrameRate?: number;
  /**
   * How long the input really is (measureMedia): the output stops there, and silence for a video without audio
   * lasts that long. Without it the container's own duration is trusted.
   */
  durationSeconds?: number;
  crf?: number;
}

/**
 * Turns any video a user uploads (mp4, mov, avi, webm…) into the stored form: H.264 yuv420p with even
 * dimensions and square pixels, aspect and rotation kept, plus AAC (silence when the input has no audio).
 * HDR (HLG or PQ) is tone-mapped to BT.709 SDR and tagged so, after the resize, on at most the stored size.
 */
export async function normalizeVideo(
  binaries: FfmpegBinaries,
  input: string,
  output: string,
  { maxLongSide = 1920, maxFrameRate, durationSeconds, crf = 23, probe: known, ...options }: NormalizeOptions = {},
): Promise<MediaProbe> {
  const probe = known ?? (await probeMedia(binaries, input, { timeoutMs: options.timeoutMs }));
  const length = durationSeconds ?? probe.durationSeconds;
  // iw/ih here are after ffmpeg's automatic rotation; the factor only ever shrinks.
  const factor = `min(1,${maxLongSide}/max(iw*sar,ih))`;
  const scale = `scale=w='2*max(1,trunc(iw*sar*${factor}/2))':h='2*max(1,trunc(ih*${factor}/2))'`;
  const rate = storedFrameRate(probe, maxFrameRate ?? Number.POSITIVE_INFINITY);
  const fps = rate === undefined ? [] : [`fps=${rate}`];
  const audio = probe.audioCodec ? ['-map', '0:a:0'] : ['-map', '1:a:0', '-shortest'];
  const hdr = hdrColorOf(probe);
  await runFfmpeg(
    binaries,
    [
      ...videoInput(input),
      ...(probe.audioCodec ? [] : silentAudioInput(length)),
      '-map', '0:V:0', ...audio,
      '-vf', [scale, ...fps, ...(hdr ? toneMapToBt709(hdr) : []), 'setsar=1', 'format=yuv420p'].join(','),
      ...(durationSeconds === undefined ? [] : ['-t', durationSeconds.toFixed(3)]),
      ...h264AacOutputArgs({ video: { crf } }),
      ...(hdr ? BT709_OUTPUT_TAGS : []),
      '-map_metadata', '-1',
      output,
    ],
    { ...options, expectedDurationSeconds: length },
  );
  return probeMedia(binaries, output, { timeoutMs: options.timeoutMs });
}

/** How long a video file really is, read off its packets (no decoding), and how many video frames that holds. */
export interface MediaMeasure {
  /** Up to `limitSeconds`: a file that reaches it holds at least that much. */
  seconds: number;
  frames: number;
}

/**
 * Reads the file's first video and audio streams to the end, or to `limitSeconds`, without decoding: its
 * timestamps say how long it really is, whatever its header claims. Costs about as much as reading the file.
 */
export async function measureMedia(
  binaries: FfmpegBinaries,
  input: string,
  { limitSeconds, timeoutMs }: { limitSeconds: number; timeoutMs?: number },
): Promise<MediaMeasure> {
  const stats = await runFfmpeg(
    binaries,
    [...videoInput(input), '-map', '0:V:0', '-map', '0:a:0?', '-c', 'copy', '-t', limitSeconds.toFixed(3), '-f', 'null', '-'],
    { timeoutMs },
  );
  return { seconds: stats.outTimeSeconds, frames: stats.frames };
}

/** Rejects with FfmpegError unless the video's first frame decodes. */
export async function decodeFirstFrame(binaries: FfmpegBinaries, input: string, { timeoutMs }: { timeoutMs?: number } = {}): Promise<void> {
  const stats = await runFfmpeg(binaries, [...videoInput(input), '-map', '0:V:0', '-frames:v', '1', '-f', 'null', '-'], { timeoutMs });
  if (stats.frames < 1) throw new Error('no video frame could be decoded');
}
