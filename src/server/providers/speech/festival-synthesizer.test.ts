import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SCRIPT_CHARACTERS, scriptWords } from '../../../shared/speech/timed-word.ts';
import { probeAudio } from '../../render/probe-audio.ts';
import { waitUntil } from '../../test-support/test-app.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';
import { processesWith } from '../../test-support/crash-checks.ts';
import { DEBIAN_SPEECH_PATHS } from './debian-speech-tools.ts';
import { FestivalSynthesizer } from './festival-synthesizer.ts';
import { SpeechError, type TimedWord } from './speech.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'festival-synthesizer-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function expectInOrder(words: readonly TimedWord[], durationSeconds: number): void {
  words.forEach((word, index) => {
    expect(word.end).toBeGreaterThanOrEqual(word.start);
    expect(word.end).toBeLessThanOrEqual(durationSeconds);
    if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
  });
}

const festival = new FestivalSynthesizer();

describe('festival:slt', () => {
  it('speaks a script with numbers, apostrophes, dashes and emoji, timing every caption word in a valid WAV', async () => {
    const script = "In 2026 don't wait — it's 3.5 times better-known 😀 ok";
    const outputFile = path.join(dir, 'numbers.wav');
    const result = await festival.synthesize({ text: script, voiceId: 'festival:slt', outputFile });

    expect(result.words.map((word) => word.text)).toEqual(scriptWords(script));
    expectInOrder(result.words, result.durationSeconds);
    // "2026" is several Festival words but one caption word, spoken for a while.
    expect(result.words[1]!.end - result.words[1]!.start).toBeGreaterThan(0.4);
    const probe = await probeAudio(await testFfmpeg(), outputFile, { formats: 'wav' });
    expect(probe).toMatchObject({ codec: 'pcm_s16le', channels: 1 });
    expect(probe.durationSeconds).toBeCloseTo(result.durationSeconds, 1);
  });

  it('reads quotes, backslashes and parentheses as text, never as Scheme', async () => {
    const marker = path.join(dir, 'injected');
    const script = `Say ") (system "touch ${marker}") (" and \\ back (slash) "done"`;
    const result = await festival.synthesize({ text: script, voiceId: 'festival:slt', outputFile: path.join(dir, 'quotes.wav') });

    expect(result.words.map((word) => word.text)).toEqual(scriptWords(script));
    expectInOrder(result.words, result.durationSeconds);
    await expect(fs.access(marker)).rejects.toThrow();
  });

  it('turns away an empty script, one with nothing to say, and one over the limit, with a 400', async () => {
    for (const text of ['', '   ', '— 😀 !', 'a'.repeat(MAX_SCRIPT_CHARACTERS + 1)]) {
      const failure = festival.synthesize({ text, voiceId: 'festival:slt', outputFile: path.join(dir, 'empty.wav') });
      await expect(failure).rejects.toBeInstanceOf(SpeechError);
      await expect(failure).rejects.toMatchObject({ status: 400 });
    }
  });

  it('says which Debian package to install when the voice is missing (503)', async () => {
    const withoutVoice = new FestivalSynthesizer({ ...DEBIAN_SPEECH_PATHS, festivalSltVoiceDir: path.join(dir, 'no-voice') });
    const failure = withoutVoice.synthesize({ text: 'Hello there', voiceId: 'festival:slt', outputFile: path.join(dir, 'missing.wav') });
    await expect(failure).rejects.toMatchObject({ status: 503, message: expect.stringContaining('festvox-us-slt-hts') });
  });

  it('kills Festival and rejects when the request is aborted', async () => {
    const controller = new AbortController();
    const text = 'This sentence is long enough to keep the voice busy for a while. '.repeat(40);
    const speaking = festival.synthesize({ text, voiceId: 'festival:slt', outputFile: path.join(dir, 'aborted.wav'), signal: controller.signal });
    const marker = `${process.pid}-festival-`;
    let pids: number[] = [];
    await waitUntil(async () => (pids = await processesWith(marker)).length > 0, 30_000, 20);
    controller.abort(new Error('the creator left'));

    await expect(speaking).rejects.toThrow('the creator left');
    // Killed: the promise rejects at the abort, and at a load of 9 a SIGKILLed Festival was still listed just after.
    await waitUntil(async () => (await processesWith(marker)).length === 0, 30_000, 20);
    // And reaped: a killed child stays a zombie until Node's exit handler collects it.
    for (const pid of pids) {
      await waitUntil(async () => fs.access(`/proc/${pid}`).then(() => false, () => true), 30_000, 20);
    }
  });
});
