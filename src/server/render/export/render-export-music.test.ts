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
import { isFaststart } from '../probe-media.ts';
import { keyframeTimes, mediaFacts } from '../../test-support/media-facts.ts';
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

/** The first audio stream of `media`, decoded to mono 48 kHz float samples (seconds `from` for `length`, or all), as a player that ignores edit lists plays it when asked. */
async function decode(media: string, { from = 0, length, ignoreEditList = false }: { from?: number; length?: number; ignoreEditList?: boolean } = {}): Promise<Float32Array> {
  const { stdout } = await run(
    binaries.ffmpegPath,
    ['-v', 'error', ...(ignoreEditList ? ['-ignore_editlist', '1'] : []), '-ss', String(from), '-i', media, ...(length ? ['-t', String(length)] : []), '-map', '0:a:0', '-ac', '1', '-ar', String(RATE), '-f', 'f32le', '-'],
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

  it.each([
    // One white noise filtered differently for each channel: a dense mix spread over the speakers.
    [
      'filtered noise',
      'anoisesrc=d=2:c=white:seed=41:a=1,asplit=6[n0][n1][n2][n3][n4][n5];[n0]highpass=f=100[c0];[n1]highpass=f=150[c1];' +
        '[n2]bandpass=f=2000:w=3:width_type=o[c2];[n3]lowpass=f=120[c3];[n4]highpass=f=1000[c4];[n5]highpass=f=1200[c5]',
    ],
    // A falling kick every 0.25 s, a noise snare between, and a cymbal-like hiss on the centre and surrounds.
    [
      'drum hits',
      "aevalsrc='0.95*sin(2*PI*60*t*(1+3*exp(-30*mod(t,0.25))))*exp(-12*mod(t,0.25))':s=48000:d=2,asplit=3[k0][k1][c3];" +
        "anoisesrc=d=2:c=white:seed=31:a=1,asetnsamples=n=48,volume='exp(-25*mod(t+0.125,0.25))':eval=frame,asplit=3[s0][s1][s2];" +
        '[k0][s0]amix=inputs=2:weights=1 1,volume=2[c0];[k1][s1]amix=inputs=2:weights=1 1,volume=2[c1];[s2]highpass=f=1000,asplit=3[c2][c4][c5]',
    ],
  ])('holds a loud 5.1 source of %s, without music, under -1 dBTP after the downmix, in sync, its picture untouched', async (name, channels) => {
    const surround = file(`surround-${name}.mp4`);
    // Silent for its first 0.5 s: where the sound starts says whether it stayed on its picture.
    const gated = (index: number) => `[c${index}]asetnsamples=n=48,volume='gte(t,0.5)':eval=frame[g${index}]`;
    await runFfmpeg(binaries, [
      '-f', 'lavfi', '-i', 'testsrc2=s=90x160:r=10:d=2',
      '-filter_complex', [channels, ...[0, 1, 2, 3, 4, 5].map(gated), '[g0][g1][g2][g3][g4][g5]join=inputs=6:channel_layout=5.1[a]'].join(';'),
      '-map', '0:v', '-map', '[a]', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '384k', surround,
    ]);
    const output = file(`surround-${name}-out.mp4`);
    await renderExport(binaries, { sourceFiles: new Map([['clip', surround]]), outputFile: output, editorState: defaultEditorState('clip', 2), spec: { resolution: '720p', format: 'mp4', quality: 'low', watermark: false } });

    const loudness = await measureLoudness(binaries, output);
    expect(loudness.truePeakDb).toBeLessThanOrEqual(-1);
    // Only the peaks were taken: it is still louder than what the platforms play at.
    expect(loudness.integratedLufs).toBeGreaterThan(TARGET_LUFS);
    const sound = await decode(output, { ignoreEditList: true });
    expect(Math.abs(sound.findIndex((sample) => Math.abs(sample) > 0.05) / RATE - 0.5)).toBeLessThan(0.01);
    expect((await fs.readFile(output)).includes('elst')).toBe(false);
    expect(await isFaststart(output)).toBe(true);
    expect(await keyframeTimes(binaries, output)).toEqual([0, 1]);
    const { video, audio } = await mediaFacts(binaries, output);
    expect(video).toMatchObject({ codec_name: 'h264', width: 720, height: 1280, color_space: 'bt709', start_time: '0.000000', duration: '2.000000' });
    expect(audio).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
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
