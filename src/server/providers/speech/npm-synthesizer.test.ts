import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptWords } from '../../../shared/speech/timed-word.ts';
import { NpmSynthesizer } from './npm-synthesizer.ts';
import { SpeechError } from './speech.ts';

const run = promisify(execFile);
const synthesizer = new NpmSynthesizer();
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'npm-speech-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('NpmSynthesizer', () => {
  it('offers its voices as npm:<name>, in US English', () => {
    expect(synthesizer.voices().map((voice) => voice.id)).toEqual(['npm:slt', 'npm:rms']);
    expect(synthesizer.voices().every((voice) => voice.engine === 'npm' && voice.language === 'en-US')).toBe(true);
  });

  it('writes a 16-bit mono WAV and times every caption word in order', async () => {
    const text = 'Hello, world! Dr. Smith paid $20 — twice.';
    const outputFile = path.join(dir, 'hello.wav');
    const result = await synthesizer.synthesize({ text, voiceId: 'npm:slt', outputFile });

    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,channels,sample_rate:format=duration', '-of', 'json', outputFile]);
    const probe = JSON.parse(stdout) as { streams: Array<{ codec_name: string; channels: number }>; format: { duration: string } };
    expect(probe.streams[0]).toMatchObject({ codec_name: 'pcm_s16le', channels: 1 });
    expect(Number(probe.format.duration)).toBeCloseTo(result.durationSeconds, 1);

    expect(result.words.map((word) => word.text)).toEqual(scriptWords(text));
    let previousEnd = 0;
    for (const word of result.words) {
      expect(word.start).toBeGreaterThanOrEqual(previousEnd);
      expect(word.end).toBeGreaterThan(word.start);
      previousEnd = word.end;
    }
    expect(previousEnd).toBeLessThanOrEqual(result.durationSeconds);
  });

  it('speaks a word said 150 times, timing every one (a run this long once aborted the whole process)', async () => {
    const outputFile = path.join(dir, 'repeated.wav');
    const result = await synthesizer.synthesize({ text: 'hello '.repeat(150), voiceId: 'npm:slt', outputFile });

    expect(result.words).toHaveLength(150);
    expect(result.words.every((word) => word.text === 'hello' && word.end > word.start)).toBe(true);
    expect(result.words.at(-1)!.end).toBeLessThanOrEqual(result.durationSeconds);
    expect((await fs.stat(outputFile)).size).toBeGreaterThan(result.durationSeconds * 16_000);
  });

  it('refuses an empty script and an unknown voice with a 400', async () => {
    const outputFile = path.join(dir, 'none.wav');
    await expect(synthesizer.synthesize({ text: ' — ', voiceId: 'npm:slt', outputFile })).rejects.toMatchObject({ name: 'SpeechError', status: 400 });
    await expect(synthesizer.synthesize({ text: 'Hi there', voiceId: 'npm:nobody', outputFile })).rejects.toBeInstanceOf(SpeechError);
  });

  it('rejects an aborted request', async () => {
    const controller = new AbortController();
    const request = synthesizer.synthesize({ text: 'This will not be finished.', voiceId: 'npm:rms', outputFile: path.join(dir, 'aborted.wav'), signal: controller.signal });
    controller.abort(new Error('stopped by the test'));
    await expect(request).rejects.toThrow('stopped by the test');
  });
});
