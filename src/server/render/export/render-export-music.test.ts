import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioClip, type EditorState, type MusicClip, defaultEditorState } from '../../../shared/editor/editor-state.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import { toneDb } from '../../test-support/tone-levels.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { runFfmpeg } from '../ffmpeg-runner.ts';
import { childCpuSeconds } from '../../test-support/process-cpu.ts';
import { measureLoudness } from '../measure-loudness.ts';
import { TARGET_LUFS } from './music-mix.ts';
import { renderExport } from './render-export.ts';
import { testFfmpegOn } from '../../test-support/test-ffmpeg.ts';

const run = promisify(execFile);
const RATE = 48_000;
let binaries: FfmpegBinaries;
let dir: string;
const file = (name: string) => path.join(dir, name);

/** A 90x160 clip whose sound is `sound` (an aevalsrc expression in t), or none. */
async function clip(name: string, seconds: number, sound: string | null): Promise<string> {
  const output = file(name);
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', `testsrc2=s=90x160:r=10:d=${seconds}`,
    ...(sound ? ['-f', 'lavfi', '-i', `aevalsrc=${sound}:s=${RATE}:c=mono:d=${seconds}`] : []),
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', output,
  ]);
  return output;
}

/** A music track as the library stores it: AAC in m4a, made from a lavfi source. */
async function track(name: string, source: string): Promise<{ file: string; durationSeconds: number }> {
  const output = file(name);
  await runFfmpeg(binaries, ['-f', 'lavfi', '-i', source, '-c:a', 'aac', '-b:a', '160k', '-ar', String(RATE), '-ac', '2', output]);
  const { stdout } = await run(binaries.ffprobePath, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', output]);
  return { file: output, durationSeconds: Number(stdout.trim()) };
}

/** The first audio stream of `media`, decoded to mono 48 kHz float samples (seconds `from` for `length`, or all). */
async function decode(media: string, { from = 0, length }: { from?: number; length?: number } = {}): Promise<Float32Array> {
  const { stdout } = await run(
    binaries.ffmpegPath,
    ['-v', 'error', '-ss', String(from), '-i', media, ...(length ? ['-t', String(length)] : []), '-map', '0:a:0', '-ac', '1', '-ar', String(RATE), '-f', 'f32le', '-'],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
}

/** Every STRIDE-th sample of the template is compared: enough for noise, three times faster. */
const STRIDE = 3;

/** Normalised cross-correlation of `template` at each lag in [fromLag, toLag) samples; answers the best lag and its value. */
function bestLag(signal: Float32Array, template: Float32Array, fromLag: number, toLag: number): { lag: number; correlation: number } {
  let templateEnergy = 0;
  for (const value of template) templateEnergy += value * value;
  let best = { lag: fromLag, correlation: -Infinity };
  for (let lag = Math.max(0, fromLag); lag < Math.min(toLag, signal.length - template.length); lag++) {
    let product = 0;
    let energy = 0;
    for (let i = 0; i < template.length; i += STRIDE) {
      const value = signal[lag + i]!;
      product += value * template[i]!;
      energy += value * value;
    }
    const correlation = product / Math.sqrt((energy * templateEnergy) / STRIDE + 1e-20);
    if (correlation > best.correlation) best = { lag, correlation };
  }
  return best;
}

const music = (overrides: Partial<MusicClip> = {}): MusicClip => ({
  id: 'm', lane: 'music', source: { trackId: 't' }, start: 0, end: 60, sourceIn: 0, sourceOut: 60, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false,
  ...overrides,
});

/** The `seconds` long clip (media 'clip'), whole or cut, with `placement` on the music lane. */
const edit = (seconds: number, placement: AudioClip, cut?: { start: number; end: number }): EditorState => ({
  ...clipEdit('clip', seconds, cut), audioClips: [placement],
});

async function exportWith(name: string, source: string, editorState: EditorState, track: { file: string; durationSeconds: number }) {
  const outputFile = file(name);
  await renderExport(binaries, {
    sourceFiles: new Map([['clip', source]]), outputFile, editorState, spec: { resolution: '720p', format: 'mp4', quality: 'low', watermark: false }, music: new Map([['t', track]]),
  });
  return outputFile;
}

/** The processor seconds (ffmpeg's and ffprobe's, all threads) of one export. */
async function timedExport(name: string, source: string, editorState: EditorState, track: { file: string; durationSeconds: number }) {
  const before = childCpuSeconds();
  await exportWith(name, source, editorState, track);
  return childCpuSeconds() - before;
}

const builds = [
  ['the system ffmpeg', process.env.PATH],
  ['the npm-shipped ffmpeg 4.1', '/nonexistent'],
] as const;

describe.each(builds)('the music mix, measured in exports made with %s', (build, searchPath) => {
  beforeAll(async () => {
    binaries = await testFfmpegOn(searchPath);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'music-mix-test-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('places the piece at its offset on the trimmed output, normalised to -14 LUFS with true peak under -1 dBTP', async () => {
    const noise = await track('noise.m4a', 'anoisesrc=d=5:c=pink:seed=7:a=0.5');
    const source = await clip('tone.mp4', 3, '0.1*sin(2*PI*300*t)');
    // The output starts 0.5 s into the clip; the music starts 1.3 s into the output, 1 s into the track.
    const output = await exportWith('offset.mp4', source, edit(3, music({ start: 1.3, end: 2.5, sourceIn: 1, sourceOut: 4, fadeOut: 0.5, duck: true }), { start: 0.5, end: 3 }), noise);

    const exported = await decode(output);
    const piece = await decode(noise.file, { from: 1.2, length: 0.25 }); // 0.2 s into the piece
    // Searched within 0.5 s of where it belongs: placed further off, the correlation there stays low.
    const found = bestLag(exported, piece, 1.0 * RATE, 2.0 * RATE);
    // The clip's tone and AAC's coding keep it under 1.
    expect(found.correlation).toBeGreaterThan(0.5);
    expect(Math.abs(found.lag / RATE - 1.5)).toBeLessThan(0.02);

    const loudness = await measureLoudness(binaries, output);
    expect(Math.abs(loudness.integratedLufs - TARGET_LUFS)).toBeLessThanOrEqual(1);
    expect(loudness.truePeakDb).toBeLessThanOrEqual(-1);
  });

  if (build !== 'the system ffmpeg') return;

  it('mixes the music at its volume beside the clip’s sound: 0.5 is 6 dB under 1', async () => {
    const tone = await track('tone-2k.m4a', 'sine=f=2000:r=48000:d=3');
    const source = await clip('tone-300.mp4', 2, '0.2*sin(2*PI*300*t)');
    const relative = async (volume: number) => {
      const samples = await decode(await exportWith(`volume-${volume}.mp4`, source, edit(2, music({ volume })), tone));
      return toneDb(samples, RATE, 2000, 0.5, 1) - toneDb(samples, RATE, 300, 0.5, 1);
    };
    const full = await relative(1);
    const half = await relative(0.5);
    expect(half - full).toBeGreaterThan(-7);
    expect(half - full).toBeLessThan(-5);
  });

  it('is silent before its start and after its end, and fades in and out linearly (-6 dB half-way)', async () => {
    const tone = await track('tone-1k.m4a', 'sine=f=1000:r=48000:d=4');
    const source = await clip('silent.mp4', 3, null);
    const output = await exportWith('fades.mp4', source, edit(3, music({ start: 0.5, end: 2.5, fadeIn: 0.5, fadeOut: 0.5 })), tone);
    const samples = await decode(output);
    const level = (at: number) => toneDb(samples, RATE, 1000, at - 0.025, 0.05);
    const full = level(1.5);
    expect(level(0.75) - full).toBeGreaterThan(-7);
    expect(level(0.75) - full).toBeLessThan(-5);
    expect(level(2.25) - full).toBeGreaterThan(-7);
    expect(level(2.25) - full).toBeLessThan(-5);
    expect(toneDb(samples, RATE, 1000, 0.05, 0.35) - full).toBeLessThan(-50);
    expect(toneDb(samples, RATE, 1000, 2.6, 0.35) - full).toBeLessThan(-50);
  });

  it('repeats a 1 s piece to fill a 3 s span', async () => {
    const noise = await track('noise-long.m4a', 'anoisesrc=d=6:c=pink:seed=3:a=0.5');
    const source = await clip('silent-4.5.mp4', 4.5, null);
    const output = await exportWith('loop.mp4', source, edit(4.5, music({ start: 0.5, end: 3.5, sourceIn: 2, sourceOut: 3, loop: true })), noise);
    const exported = await decode(output);
    const head = await decode(noise.file, { from: 2, length: 0.3 });
    for (const repeat of [0, 1, 2]) {
      const expected = (0.5 + repeat) * RATE;
      const found = bestLag(exported, head, expected - 0.1 * RATE, expected + 0.1 * RATE);
      expect(found.correlation).toBeGreaterThan(0.8);
      expect(Math.abs(found.lag - expected) / RATE).toBeLessThan(0.02);
    }
    // After the span's end nothing of the piece remains.
    expect(bestLag(exported, head, 3.6 * RATE, exported.length).correlation).toBeLessThan(0.3);
  });

  it('spends about the same processor time on a one-sample piece looped to the end as on a plain piece', async () => {
    const tone = await track('tone-3s.m4a', 'sine=f=440:r=48000:d=3');
    const source = await clip('tone-2s.mp4', 2, '0.1*sin(2*PI*300*t)');
    const plain = await timedExport('plain-piece.mp4', source, edit(2, music({ loop: true })), tone);
    // The attack run's edit: sourceIn one sample before the track's real end, sourceOut past it, looped.
    const oneSample = music({ sourceIn: tone.durationSeconds - 1 / RATE, sourceOut: tone.durationSeconds + 1, loop: true });
    const attack = await timedExport('one-sample-piece.mp4', source, edit(2, oneSample), tone);
    expect(attack).toBeLessThan(2 * plain + 0.5);
  });

  it('holds a loud 5.1 source without music under -1 dBTP after the downmix to stereo', async () => {
    const surround = file('surround.mp4');
    const channel = '0.9*sin(2*PI*440*t)';
    await runFfmpeg(binaries, [
      '-f', 'lavfi', '-i', 'testsrc2=s=90x160:r=10:d=1',
      '-f', 'lavfi', '-i', `aevalsrc=${Array(6).fill(channel).join('|')}:c=5.1:s=${RATE}:d=1`,
      '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '384k', surround,
    ]);
    const output = file('surround-out.mp4');
    await renderExport(binaries, { sourceFiles: new Map([['clip', surround]]), outputFile: output, editorState: defaultEditorState('clip', 1), spec: { resolution: '720p', format: 'mp4', quality: 'low', watermark: false } });
    expect((await measureLoudness(binaries, output)).truePeakDb).toBeLessThanOrEqual(-1);
  });

  it('holds the true peak under -1 dBTP when the gain lifts a spiky track', async () => {
    // 10 ms bursts twice a second: quiet as a whole, so the gain is large and lifts the bursts past full scale.
    const bursts = await track('bursts.m4a', 'aevalsrc=0.9*sin(2*PI*1000*t)*lt(mod(t\\,0.5)\\,0.01):s=48000:d=3');
    const source = await clip('silent-2.mp4', 2, null);
    const loudness = await measureLoudness(binaries, await exportWith('bursts.mp4', source, edit(2, music()), bursts));
    expect(loudness.truePeakDb).toBeLessThanOrEqual(-1);
  });

  it('ducks the music at least 6 dB while the clip’s sound is loud, and not at all without duck', async () => {
    const tone = await track('tone-2k-6.m4a', 'sine=f=2000:r=48000:d=6');
    // Speech level (-20 dBFS RMS) for 1 s, silence for 1 s, and speech again.
    const source = await clip('talk.mp4', 3, '0.14*sin(2*PI*300*t)*lt(mod(t\\,2)\\,1)');
    const ducking = async (duck: boolean) => {
      const samples = await decode(await exportWith(`duck-${duck}.mp4`, source, edit(3, music({ volume: 0.5, duck })), tone));
      return toneDb(samples, RATE, 2000, 1.6, 0.3) - toneDb(samples, RATE, 2000, 2.4, 0.4);
    };
    const ducked = await ducking(true);
    const plain = await ducking(false);
    expect(ducked).toBeGreaterThanOrEqual(6);
    expect(Math.abs(plain)).toBeLessThan(1);
  });
});
