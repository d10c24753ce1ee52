import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorState, MusicClip, VoiceClip } from '../../../shared/editor/editor-state.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import { decodeMono, toneClip, toneDb, toneM4a } from '../../test-support/tone-levels.ts';
import { VOICE_DUCKING, voiceDuckingGainAt, voiceDuckingSpans } from '../../../shared/editor/voice-ducking.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { renderExport } from './render-export.ts';
import { renderSequenceSound } from './render-sequence-sound.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';

const RATE = 48_000;
let binaries: FfmpegBinaries;
let dir: string;
const file = (name: string) => path.join(dir, name);

const voiceClip = (overrides: Partial<VoiceClip> = {}): VoiceClip => ({
  id: 'v', lane: 'voice', source: { mediaId: 'voice-1' }, start: 1, end: 2, sourceIn: 0, sourceOut: 1, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false,
  ...overrides,
});
const musicClip = (overrides: Partial<MusicClip> = {}): MusicClip => ({
  id: 'm', lane: 'music', source: { trackId: 't' }, start: 0, end: 60, sourceIn: 0, sourceOut: 60, volume: 0.5, fadeIn: 0, fadeOut: 0, loop: false, duck: false,
  ...overrides,
});
const edit = (seconds: number, audioClips: EditorState['audioClips']): EditorState => ({ ...clipEdit('clip', seconds), audioClips });
const SPEC = { resolution: '720p', format: 'mp4', quality: 'low', watermark: false } as const;

describe('the voice lane, measured in exports and in the sequence’s sound', () => {
  let silent: string;
  let voice: { file: string; durationSeconds: number };
  let talk: { file: string; durationSeconds: number };
  let music: { file: string; durationSeconds: number };
  let quietTalk: string;
  beforeAll(async () => {
    binaries = await testFfmpeg();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'voice-lane-test-'));
    silent = await toneClip(binaries, file('silent.mp4'), 3, null);
    // A 1 kHz "voice", 2 s; a speech-level 300 Hz one (-20 dBFS RMS), and a 2 kHz music track.
    voice = await toneM4a(binaries, file('voice.m4a'), 'sine=f=1000:r=48000:d=2');
    talk = await toneM4a(binaries, file('talk.m4a'), 'aevalsrc=0.14*sin(2*PI*300*t):s=48000:d=2');
    music = await toneM4a(binaries, file('music.m4a'), 'sine=f=2000:r=48000:d=6');
    // A shot's own 300 Hz sound under the compressor's threshold (-37 dBFS RMS): only the voice lowers the music over it.
    quietTalk = await toneClip(binaries, file('quiet-talk.mp4'), 3, '0.02*sin(2*PI*300*t)');
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function exportWith(name: string, editorState: EditorState, voiceFile: { file: string; durationSeconds: number }, clip = silent) {
    const outputFile = file(name);
    await renderExport(binaries, {
      sourceFiles: new Map([['clip', clip]]),
      outputFile,
      editorState,
      spec: SPEC,
      music: new Map([['t', music]]),
      voice: new Map([['voice-1', voiceFile]]),
    });
    return outputFile;
  }

  it('sounds where the voice clip is placed (1 s to 2 s of a 3 s output) and is silent elsewhere', async () => {
    // The piece from 0.5 s into the recording, placed at 1 s; the clip asks for 3 s but the piece stops at 1 s.
    const samples = await decodeMono(binaries, await exportWith('voice.mp4', edit(3, [voiceClip({ end: 2.8, sourceIn: 0.5, sourceOut: 1.5 })]), voice), RATE);
    const inside = toneDb(samples, RATE, 1000, 1.2, 0.6);
    expect(inside).toBeGreaterThan(-30);
    expect(toneDb(samples, RATE, 1000, 0.2, 0.7) - inside).toBeLessThan(-50);
    expect(toneDb(samples, RATE, 1000, 2.15, 0.7) - inside).toBeLessThan(-50);
  });

  it('ducks a music clip with duck under the voice at least 6 dB, and not at all without duck', async () => {
    const ducking = async (duck: boolean) => {
      // Two seconds of the clip: the music alone, then under the voice (1 s to 2 s).
      const samples = await decodeMono(binaries, await exportWith(`duck-${String(duck)}.mp4`, edit(2, [musicClip({ duck }), voiceClip()]), talk), RATE);
      // The music while the voice speaks (after the attack) against the music after it (after the release).
      return toneDb(samples, RATE, 2000, 0.3, 0.5) - toneDb(samples, RATE, 2000, 1.5, 0.4);
    };
    const ducked = await ducking(true);
    const plain = await ducking(false);
    expect(ducked).toBeGreaterThanOrEqual(6);
    expect(Math.abs(plain)).toBeLessThan(1);
  });

  it('lowers the music and the shots’ sound under the voice along the curve the preview plays (voiceDuckingGainAt)', async () => {
    const state = edit(3, [musicClip({ duck: true }), voiceClip({ duck: true })]);
    const samples = await decodeMono(binaries, await exportWith('under-voice.mp4', state, voice, quietTalk), RATE);
    const spans = voiceDuckingSpans(state, 3, 'shots', () => voice.durationSeconds);
    // Each 20 ms window's level against the same window before anything ducks, and what the shared curve says.
    const window = 0.02;
    const worst = { music: 0, shots: 0 };
    for (let t = 0.5; t < 2.8; t += window) {
      let power = 0;
      for (let step = 0; step < 20; step++) power += voiceDuckingGainAt(spans, t + ((step + 0.5) * window) / 20) ** 2 / 20;
      const expected = 10 * Math.log10(power);
      worst.music = Math.max(worst.music, Math.abs(toneDb(samples, RATE, 2000, t, window) - toneDb(samples, RATE, 2000, 0.2, window) - expected));
      worst.shots = Math.max(worst.shots, Math.abs(toneDb(samples, RATE, 300, t, window) - toneDb(samples, RATE, 300, 0.2, window) - expected));
    }
    console.info(`the export's ducking off the shared curve by at most ${worst.music.toFixed(2)} dB (music), ${worst.shots.toFixed(2)} dB (shots)`);
    // Held in the middle of the voice: the whole depth.
    expect(toneDb(samples, RATE, 2000, 1.3, 0.4) - toneDb(samples, RATE, 2000, 0.2, 0.4)).toBeCloseTo(-VOICE_DUCKING.depthDb, 0);
    expect(toneDb(samples, RATE, 300, 1.3, 0.4) - toneDb(samples, RATE, 300, 0.2, 0.4)).toBeCloseTo(-VOICE_DUCKING.depthDb, 0);
    // Along the ramps, within the 10 ms the export evaluates its gain at.
    expect(worst.music).toBeLessThan(1.5);
    expect(worst.shots).toBeLessThan(1.5);

    // With the voice clip's duck off the shots' sound is left as it is.
    const kept = await decodeMono(binaries, await exportWith('shots-kept.mp4', edit(3, [voiceClip({ duck: false })]), voice, quietTalk), RATE);
    expect(Math.abs(toneDb(kept, RATE, 300, 1.3, 0.4) - toneDb(kept, RATE, 300, 0.2, 0.4))).toBeLessThan(0.5);
  });

  it('renders the sequence’s sound alone as a 16 kHz mono WAV of the output’s length, the voice where it is placed', async () => {
    const state = edit(3, [voiceClip(), musicClip()]);
    const sources = { shots: new Map([['clip', silent]]), voice: new Map([['voice-1', voice]]), music: new Map([['t', music]]) };
    const withoutMusic = file('sound.wav');
    const { durationSeconds } = await renderSequenceSound(binaries, { state, sources, outputFile: withoutMusic, includeMusic: false });
    expect(durationSeconds).toBeCloseTo(3, 6);
    const wav = await fs.readFile(withoutMusic);
    expect(wav.toString('latin1', 12, 16)).toBe('fmt ');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // one channel
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt16LE(34)).toBe(16); // bits per sample

    const samples = await decodeMono(binaries, withoutMusic, 16_000);
    // Exactly the output's 3 s.
    expect(samples.length).toBe(48_000);
    const inside = toneDb(samples, 16_000, 1000, 1.2, 0.6);
    // lavfi's sine is at -18 dBFS, and its upmix to the stored stereo lowers it by 3 dB: at its own level, not normalised.
    expect(inside).toBeGreaterThan(-22);
    expect(inside).toBeLessThan(-20);
    expect(toneDb(samples, 16_000, 1000, 0.2, 0.7) - inside).toBeLessThan(-50);
    expect(toneDb(samples, 16_000, 1000, 2.2, 0.7) - inside).toBeLessThan(-50);
    expect(toneDb(samples, 16_000, 2000, 0.2, 2.6)).toBeLessThan(-70);

    const withMusic = file('sound-music.wav');
    await renderSequenceSound(binaries, { state, sources, outputFile: withMusic, includeMusic: true });
    // The track (-21 dBFS stored) at the clip's volume 0.5: -27 dB.
    expect(toneDb(await decodeMono(binaries, withMusic, 16_000), 16_000, 2000, 0.2, 2.6)).toBeGreaterThan(-30);
  });
});
