import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorState, VoiceClip } from '../../../shared/editor/editor-state.ts';
import { newMusicClip } from '../../../shared/editor/music-placement.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import { decodeMono } from '../../test-support/tone-levels.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';
import { LIBRARY_TRACKS } from '../../music/library/library-tracks.ts';
import { encodeLibraryTrack } from '../../music/library/encode-track.ts';
import { renderTrack } from '../../music/library/render-track.ts';
import { encodeWav } from '../../music/library/wav-file.ts';
import { NpmSynthesizer } from '../../providers/speech/npm-synthesizer.ts';
import { VOICE_TARGET_LUFS, VOICE_TRUE_PEAK_DB, encodeVoice } from '../../speech/voice-audio.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { runFfmpeg } from '../ffmpeg-runner.ts';
import { probeAudio } from '../probe-audio.ts';
import { measureLoudness } from '../measure-loudness.ts';
import { renderExport } from './render-export.ts';

/**
 * Issue 42: in an export of a clip with its own sound, a library track at the default 60 % with ducking and a
 * voice-over, the voice stands at least 10 dB above everything else in the median 1 s window and 4 dB in every one.
 * "The voice" is measured as the creator's ear would separate it: per 1 s window, the least-squares share of the
 * export's sound that is the voice-over's own recording (at the lag where it sits), against what is left.
 */
const RATE = 48_000;
const synthesizer = new NpmSynthesizer();
let binaries: FfmpegBinaries;
let dir: string;
const file = (name: string) => path.join(dir, name);

/** A voice-over as the voice-over job stores it (synthesised by Flite in WebAssembly, then encodeVoice). */
async function voiceover(name: string, text: string, voiceId: string): Promise<{ file: string; durationSeconds: number }> {
  const wav = file(`${name}.wav`);
  await synthesizer.synthesize({ text, voiceId, outputFile: wav });
  const m4a = file(`${name}.m4a`);
  await encodeVoice(binaries, wav, m4a);
  return { file: m4a, durationSeconds: (await probeAudio(binaries, m4a)).durationSeconds };
}

/** A library track rendered and encoded as the library stores it (−14 LUFS), three bars with every layer playing. */
async function libraryTrack(): Promise<{ file: string; durationSeconds: number }> {
  const wav = file('track.wav');
  await fs.writeFile(wav, encodeWav(renderTrack({ ...LIBRARY_TRACKS[0]!, id: 'test-busy', bars: 3, sections: [{ bars: 3, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp', 'melody'] }] })));
  const { file: m4a } = await encodeLibraryTrack(binaries, wav);
  return { file: m4a, durationSeconds: (await probeAudio(binaries, m4a)).durationSeconds };
}

/** A 90x160 clip whose own sound is someone talking at −20 LUFS (the loud end of what generated clips have). */
async function talkingClip(seconds: number): Promise<string> {
  const wav = file('talk.wav');
  await synthesizer.synthesize({ text: 'Over here! Look at the harbour, the boats are coming in with the morning catch and everybody is shouting.', voiceId: 'npm:rms', outputFile: wav });
  const { integratedLufs } = await measureLoudness(binaries, wav);
  const output = file('clip.mp4');
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', `testsrc2=s=90x160:r=10:d=${seconds}`,
    '-i', wav,
    '-af', `volume=${(-20 - integratedLufs).toFixed(2)}dB,apad`,
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-ar', String(RATE), output,
  ]);
  return output;
}

const dot = (a: Float32Array, b: Float32Array, from: number, to: number, lag = 0) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (a[i + lag] ?? 0) * (b[i] ?? 0);
  return sum;
};

/**
 * The voice's level over the rest in each whole 1 s window of [from, to) seconds: `mix` fitted by least squares as
 * g × `voice` (placed at `from`) plus a remainder, 10·log10(‖g·voice‖² / ‖remainder‖²).
 */
function voiceOverRestDb(mix: Float32Array, voice: Float32Array, from: number, to: number): number[] {
  const placed = new Float32Array(mix.length);
  placed.set(voice.subarray(0, Math.max(0, Math.min(voice.length, mix.length - Math.round(from * RATE)))), Math.round(from * RATE));
  // Where the voice sits to the sample: the best of ±10 ms (the export is meant to put it exactly at `from`).
  const span = [Math.round(from * RATE), Math.round(to * RATE)] as const;
  let lag = 0;
  for (let candidate = -480, best = -Infinity; candidate <= 480; candidate++) {
    const value = dot(mix, placed, span[0], span[1], candidate);
    if (value > best) [best, lag] = [value, candidate];
  }
  const ratios: number[] = [];
  for (let start = span[0]; start + RATE <= span[1]; start += RATE) {
    const end = start + RATE;
    const gain = dot(mix, placed, start, end, lag) / dot(placed, placed, start, end);
    let rest = 0;
    for (let i = start; i < end; i++) rest += ((mix[i + lag] ?? 0) - gain * (placed[i] ?? 0)) ** 2;
    ratios.push(10 * Math.log10((gain * gain * dot(placed, placed, start, end)) / rest));
  }
  return ratios;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('the voice-over on top of the mix', () => {
  beforeAll(async () => {
    binaries = await testFfmpeg();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'voice-first-test-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it(`stores a voice-over at ${VOICE_TARGET_LUFS} LUFS with its true peak under ${VOICE_TRUE_PEAK_DB} dBTP, whatever the voice`, async () => {
    for (const voiceId of ['npm:slt', 'npm:rms']) {
      const stored = await voiceover(voiceId.replace(':', '-'), 'The quiet voices of the engine are brought up to speech level.', voiceId);
      const loudness = await measureLoudness(binaries, stored.file);
      expect(Math.abs(loudness.integratedLufs - VOICE_TARGET_LUFS), voiceId).toBeLessThanOrEqual(1);
      expect(loudness.truePeakDb, voiceId).toBeLessThanOrEqual(VOICE_TRUE_PEAK_DB);
    }
  });

  it('stands the voice at least 10 dB over the clip’s sound and the ducked music in the median 1 s window, 4 dB in every one', async () => {
    const seconds = 6;
    const [clip, track, voice] = await Promise.all([
      talkingClip(seconds),
      libraryTrack(),
      voiceover('voice', 'Every morning the fishermen bring their boats back to the old harbour, and the whole town comes down to see.', 'npm:slt'),
    ]);
    const placedAt = 0.5;
    const voiceClip: VoiceClip = {
      id: 'v', lane: 'voice', source: { mediaId: 'voice-1' }, start: placedAt, end: placedAt + voice.durationSeconds,
      sourceIn: 0, sourceOut: voice.durationSeconds, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: true,
    };
    const state: EditorState = { ...clipEdit('clip', seconds), audioClips: [newMusicClip('m', { id: 't', duration: track.durationSeconds }, seconds, true), voiceClip] };
    const output = file('export.mp4');
    await renderExport(binaries, {
      sourceFiles: new Map([['clip', clip]]),
      outputFile: output,
      editorState: state,
      spec: { resolution: '720p', format: 'mp4', quality: 'low', watermark: false },
      music: new Map([['t', track]]),
      voice: new Map([['voice-1', voice]]),
    });
    const ratios = voiceOverRestDb(await decodeMono(binaries, output, RATE), await decodeMono(binaries, voice.file, RATE), placedAt, Math.min(seconds, placedAt + voice.durationSeconds));
    console.info(`voice over the rest per 1 s window: ${ratios.map((ratio) => ratio.toFixed(1)).join(', ')} dB`);
    expect(ratios.length).toBeGreaterThanOrEqual(4);
    expect(median(ratios)).toBeGreaterThanOrEqual(10);
    expect(Math.min(...ratios)).toBeGreaterThanOrEqual(4);
  });
});
