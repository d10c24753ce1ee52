import fs from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { FfmpegError, runFfmpeg } from '../../render/ffmpeg-runner.ts';
import type { DebianSpeechPaths } from './debian-speech-tools.ts';
import { SpeechError } from './speech.ts';
import { runSpeechTool, timeLimitMs } from './speech-process.ts';

/** Longest audio the recogniser takes: ten minutes, well past a three-minute script. */
const MAX_RECOGNITION_SECONDS = 600;

const SAMPLE_RATE = 16_000;
/** pocketsphinx counts 10 ms frames (dividing, not multiplying by 0.01, keeps the seconds exact). */
const FRAMES_PER_SECOND = 100;

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The speech request was aborted', 'AbortError');
}

/**
 * Any audio ffmpeg reads → headerless 16 kHz mono 16-bit PCM (the model's rate), at most MAX_RECOGNITION_SECONDS
 * and a little over, so a longer file is refused without converting all of it.
 */
export async function recognitionAudio(
  ffmpeg: FfmpegBinaries,
  audioFile: string,
  rawFile: string,
  signal?: AbortSignal,
): Promise<{ durationSeconds: number }> {
  try {
    await runFfmpeg(
      ffmpeg,
      ['-i', audioFile, '-map', '0:a:0', '-t', String(MAX_RECOGNITION_SECONDS + 1), '-ac', '1', '-ar', String(SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 's16le', rawFile],
      { signal, timeoutMs: 120_000 },
    );
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (error instanceof FfmpegError) throw new SpeechError(`The audio could not be read: ${error.message}`, 400);
    throw error;
  }
  const durationSeconds = (await fs.stat(rawFile)).size / (2 * SAMPLE_RATE);
  if (durationSeconds > MAX_RECOGNITION_SECONDS) {
    throw new SpeechError(`The audio is too long: at most ${MAX_RECOGNITION_SECONDS / 60} minutes.`, 400);
  }
  if (durationSeconds < 0.1) throw new SpeechError('The audio has no sound to recognise.', 400);
  return { durationSeconds };
}

/** One entry of pocketsphinx's segmentation: a word as the dictionary names it (fillers included), in seconds. */
export interface RecognisedSegment {
  word: string;
  start: number;
  end: number;
}

/**
 * pocketsphinx_batch's -hypseg line: `utt S _ T _ A _ L _` then `startFrame acousticScore lmScore word` per
 * segment, then the end frame of the last one.
 */
function parseHypseg(line: string): RecognisedSegment[] {
  const fields = line.trim().split(/\s+/).slice(9);
  const segments: RecognisedSegment[] = [];
  for (let index = 0; index + 3 < fields.length; index += 4) {
    const start = Number(fields[index]);
    const end = Number(fields[index + 4]);
    segments.push({ word: fields[index + 3]!, start: start / FRAMES_PER_SECOND, end: end / FRAMES_PER_SECOND });
  }
  return segments;
}

/**
 * Runs pocketsphinx_batch over one raw file in `dir` with the en-us acoustic model and `searchArgs` (a
 * grammar or a language model, and a dictionary). -remove_silence no: its voice activity detection drops
 * frames, and the times it reports then run ~180 ms off.
 */
export async function runPocketsphinx(
  paths: DebianSpeechPaths,
  rawFile: string,
  searchArgs: readonly string[],
  run: { durationSeconds: number; signal?: AbortSignal },
): Promise<RecognisedSegment[]> {
  const dir = path.dirname(rawFile);
  const id = path.basename(rawFile, '.raw');
  const controlFile = path.join(dir, `${id}.ctl`);
  const hypsegFile = path.join(dir, `${id}.hypseg`);
  await fs.writeFile(controlFile, `${id}\n`);
  // prettier-ignore
  const args = [
    '-hmm', path.join(paths.pocketsphinxModelDir, 'en-us'),
    ...searchArgs,
    '-ctl', controlFile, '-cepdir', dir, '-cepext', '.raw', '-adcin', 'yes', '-adchdr', '0', '-samprate', String(SAMPLE_RATE),
    '-remove_silence', 'no',
    '-hypseg', hypsegFile,
    '-logfn', path.join(dir, `${id}.log`),
  ];
  await runSpeechTool(paths.pocketsphinxBatch, args, {
    label: 'pocketsphinx',
    timeoutMs: timeLimitMs(30, 2, run.durationSeconds),
    signal: run.signal,
  });
  const hypseg = await fs.readFile(hypsegFile, 'utf8').catch(() => '');
  const line = hypseg.split('\n').find((entry) => entry.startsWith(`${id} `));
  return line ? parseHypseg(line) : [];
}
