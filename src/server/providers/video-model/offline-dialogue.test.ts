import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogueWords } from '../../../shared/speech/quoted-dialogue.ts';
import { loadConfig } from '../../config.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { probeMedia } from '../../render/probe-media.ts';
import { decodeMono, rmsDb } from '../../test-support/tone-levels.ts';
import { testFfmpeg, testFfmpegOn } from '../../test-support/test-ffmpeg.ts';
import { DEBIAN_SPEECH_PATHS, missingPackages } from '../speech/debian-speech-tools.ts';
import { DtwAligner } from '../speech/dtw-aligner.ts';
import { FestivalSynthesizer } from '../speech/festival-synthesizer.ts';
import { NpmSynthesizer } from '../speech/npm-synthesizer.ts';
import { PocketsphinxAligner } from '../speech/pocketsphinx-aligner.ts';
import type { SpeechSynthesizer } from '../speech/speech.ts';
import { createSpeechEngines } from '../speech/speech-engines.ts';
import { createOfflineVideoModel } from './offline-video-model.ts';
import type { SegmentRequest } from './video-model.ts';

/** Byte for byte (toEqual compares a second of samples element by element, seconds of CPU). */
const sameSamples = (a: ArrayBufferView, b: ArrayBufferView) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

const RATE = 16_000;
const CHEF = 'A chef in a busy kitchen says "Order up, table five!"';

let binaries: FfmpegBinaries;
let dir: string;
/** The voice the app gives the offline model on this machine (services.ts): Festival where it is installed. */
let voice: SpeechSynthesizer;

beforeAll(async () => {
  binaries = await testFfmpeg();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'offline-dialogue-'));
  const fallback = { synthesizer: new NpmSynthesizer(), aligner: new DtwAligner(binaries) };
  voice = createSpeechEngines(loadConfig({}), binaries, { fallback }).offlineVoice!;
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The voice, counting what it is asked: the engine must not be started for a prompt with no quotes. */
function countedVoice(inner: SpeechSynthesizer): SpeechSynthesizer & { calls: number } {
  const counted = {
    engine: inner.engine,
    calls: 0,
    voices: () => inner.voices(),
    synthesize: (request: Parameters<SpeechSynthesizer['synthesize']>[0]) => {
      counted.calls += 1;
      return inner.synthesize(request);
    },
  };
  return counted;
}

/** A small clip of `prompt` (144x256), rendered by the offline model with `withVoice` or with none. */
async function render(name: string, prompt: string, durationSeconds: number, withVoice: SpeechSynthesizer | undefined, overrides: Partial<SegmentRequest> = {}) {
  const outputFile = path.join(dir, `${name}.mp4`);
  const result = await createOfflineVideoModel(binaries, { maxSide: 256, voice: withVoice }).generateSegment({
    prompt,
    aspectRatio: '9:16',
    resolution: '720p',
    durationSeconds,
    segmentIndex: 0,
    totalSegments: 1,
    outputFile,
    ...overrides,
  });
  return { file: outputFile, result, samples: await decodeMono(binaries, outputFile, RATE) };
}

type Rendered = Awaited<ReturnType<typeof render>>;

describe('offline video model: quoted dialogue', () => {
  /** The chef's 3 s clip with the voice, made once: its levels and pocketsphinx's hearing of it are two tests. */
  let chef: Promise<Rendered> | undefined;
  const spokenChef = () => (chef ??= render('chef', CHEF, 3, voice));

  it('speaks the quoted words from 0.3 s, well above the chord (halved under it), finished before the clip ends', async () => {
    const spoken = await spokenChef();
    const bedOnly = await render('chef-bed', CHEF, 3, undefined);
    const words = spoken.result.dialogueWords ?? [];
    expect(words.map((word) => word.text)).toEqual(['Order', 'up,', 'table', 'five!']);
    expect(words[0]!.start).toBeGreaterThanOrEqual(0.3);
    expect(words[0]!.start).toBeLessThan(0.45);
    expect(words.at(-1)!.end).toBeLessThanOrEqual(2.7);
    expect(bedOnly.result.dialogueWords).toBeUndefined();

    const [speechFrom, speechTo] = [words[0]!.start, words.at(-1)!.end];
    const level = (clip: { samples: Float32Array }, from: number, to: number) => rmsDb(clip.samples, RATE, from, to - from);
    // Where the words are, the clip is far louder than its chord alone…
    expect(level(spoken, speechFrom, speechTo) - level(bedOnly, speechFrom, speechTo)).toBeGreaterThan(10);
    for (const word of words) expect(level(spoken, word.start, word.end) - level(bedOnly, word.start, word.end)).toBeGreaterThan(6);
    // …and before the voice (and its ducking) and after it, the clip is its chord, as without a voice.
    expect(Math.abs(level(spoken, 0, 0.14) - level(bedOnly, 0, 0.14))).toBeLessThan(1);
    expect(Math.abs(level(spoken, speechTo + 0.25, 2.9) - level(bedOnly, speechTo + 0.25, 2.9))).toBeLessThan(1);
    expect(level(bedOnly, speechTo + 0.25, 2.9)).toBeGreaterThan(-60); // there is a chord there to compare with
  });

  it('leaves a prompt without quotes as it was, starting no engine; a later segment does not say the dialogue again', async () => {
    const counted = countedVoice(voice);
    const prompt = 'A calm lake at dawn';
    const withVoice = await render('plain-voice', prompt, 1, counted);
    const without = await render('plain', prompt, 1, undefined);
    expect(withVoice.result).toEqual({});
    expect(withVoice.samples.length).toBeGreaterThan(RATE * 0.9);
    expect(sameSamples(withVoice.samples, without.samples), 'the two tracks differ').toBe(true);

    const later = await render('chef-part-2', CHEF, 1, counted, { segmentIndex: 1, totalSegments: 2 });
    const laterBed = await render('chef-part-2-bed', CHEF, 1, undefined, { segmentIndex: 1, totalSegments: 2 });
    expect(later.result).toEqual({});
    expect(sameSamples(later.samples, laterBed.samples), 'the two tracks differ').toBe(true);
    expect(counted.calls).toBe(0);
  });

  it('drops the words that do not fit the clip, in a shot that continues another as well', async () => {
    const frame = path.join(dir, 'start-frame.png');
    await runFfmpeg(binaries, ['-f', 'lavfi', '-i', 'color=c=red:s=90x160', '-frames:v', '1', frame]);
    const prompt = 'A tour guide says "Welcome everyone, please follow me through the old town and keep together."';
    const { file, result, samples } = await render('guide', prompt, 2, voice, { startFrameFile: frame });
    const words = result.dialogueWords ?? [];
    expect(words.length).toBeGreaterThan(0);
    expect(words.length).toBeLessThan(dialogueWords(prompt).length);
    expect(words.map((word) => word.text)).toEqual(dialogueWords(prompt).slice(0, words.length));
    expect(words.at(-1)!.end).toBeLessThanOrEqual(1.7);
    expect((await probeMedia(binaries, file)).durationSeconds).toBeCloseTo(2, 1);
    // The voice is cut after its last whole word: what follows is the chord's level, not speech.
    const after = rmsDb(samples, RATE, words.at(-1)!.end + 0.22, 0.05);
    expect(rmsDb(samples, RATE, words[0]!.start, words.at(-1)!.end - words[0]!.start) - after).toBeGreaterThan(8);
  });

  it('mixes the voice in with the npm-shipped ffmpeg 4.1 too', async () => {
    const npm = await testFfmpegOn('/nonexistent');
    const outputFile = path.join(dir, 'ffmpeg41.mp4');
    const request = { prompt: CHEF, aspectRatio: '9:16', resolution: '720p', durationSeconds: 2, segmentIndex: 0, totalSegments: 1 } as const;
    const { dialogueWords: words = [] } = await createOfflineVideoModel(npm, { maxSide: 256, voice }).generateSegment({ ...request, outputFile });
    const bedOnly = path.join(dir, 'ffmpeg41-bed.mp4');
    await createOfflineVideoModel(npm, { maxSide: 256 }).generateSegment({ ...request, outputFile: bedOnly });
    expect(words.length).toBeGreaterThan(1);
    const [from, to] = [words[0]!.start, words.at(-1)!.end];
    const [spoken, bed] = [await decodeMono(binaries, outputFile, RATE), await decodeMono(binaries, bedOnly, RATE)];
    expect(rmsDb(spoken, RATE, from, to - from) - rmsDb(bed, RATE, from, to - from)).toBeGreaterThan(10);
  });

  it('renders the clip without speech when the voice fails', async () => {
    const broken = new FestivalSynthesizer({ ...DEBIAN_SPEECH_PATHS, festival: path.join(dir, 'no-festival') });
    const { result, samples } = await render('broken-voice', CHEF, 1, broken);
    const bedOnly = await render('broken-voice-bed', CHEF, 1, undefined);
    expect(result).toEqual({});
    expect(sameSamples(samples, bedOnly.samples), 'the two tracks differ').toBe(true);
  });

  it('says each word where the clip reports it: pocketsphinx finds them in the clip’s sound', async (context) => {
    const missing = missingPackages('pocketsphinx');
    if (missing.length > 0) {
      console.log(`Skipped the pocketsphinx check of the offline clip's speech: apt-get install ${missing.join(' ')}`);
      context.skip();
    }
    const { file, result } = await spokenChef();
    const words = result.dialogueWords ?? [];
    const aligned = await new PocketsphinxAligner(binaries).align({ audioFile: file, text: words.map((word) => word.text).join(' ') });
    expect(aligned.map((word) => word.text)).toEqual(words.map((word) => word.text));
    aligned.forEach((word, index) => {
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.start).toBeGreaterThanOrEqual(0.2);
      expect(word.end).toBeLessThanOrEqual(3);
      expect(Math.abs(word.start - words[index]!.start)).toBeLessThanOrEqual(0.25);
    });
  });
});
