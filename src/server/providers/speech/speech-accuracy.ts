import path from 'node:path';
import { scriptWords, spokenForm } from '../../../shared/speech/timed-word.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { measureLoudness } from '../../render/measure-loudness.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import type { SpeechAligner, SpeechSynthesizer, Transcriber } from './speech.ts';

/**
 * A music-like bed: four chords of three sines (two seconds each, a soft attack on every change), a kick
 * (a 55 Hz sine with a fast decay) every half second and an off-beat tick. Deterministic, so every run
 * measures the same mix.
 */
const CHORD_ROOTS = [220, 174.61, 261.63, 196];
function musicExpression(): string {
  const root = CHORD_ROOTS.map((frequency, index) => `eq(mod(floor(t/2),4),${index})*${frequency}`).join('+');
  const chord = `(sin(2*PI*(${root})*t)+sin(2*PI*(${root})*1.26*t)+sin(2*PI*(${root})*1.498*t))*(1-exp(-8*mod(t,2)))`;
  const kick = 'sin(2*PI*55*t)*exp(-18*mod(t,0.5))';
  const tick = 'sin(2*PI*3200*t)*exp(-60*mod(t+0.25,0.5))';
  return `0.12*${chord}+0.5*${kick}+0.1*${tick}`;
}

export interface AccuracyOptions {
  ffmpeg: FfmpegBinaries;
  /** The voice whose own word times are the truth (Festival's come from its utterance). */
  synthesizer: SpeechSynthesizer;
  voiceId: string;
  script: string;
  /** Mix the speech with the music bed at the same integrated loudness (EBU R128); true unless set false. */
  withMusic?: boolean;
  aligner?: SpeechAligner;
  transcriber?: Transcriber;
  signal?: AbortSignal;
}

interface AlignmentAccuracy {
  /** Mean and largest |aligned start − true start| over the script's words, seconds. */
  meanStartError: number;
  maxStartError: number;
  words: number;
}

interface TranscriptionAccuracy {
  /** Word edit distance (substitutions + insertions + deletions) over the script's word count. */
  wordErrorRate: number;
  reference: string[];
  hypothesis: string[];
}

export interface AccuracyReport {
  durationSeconds: number;
  /** Integrated loudness of the speech and of the music bed after levelling, LUFS (undefined without music). */
  speechLufs: number;
  musicLufs?: number;
  alignment?: AlignmentAccuracy;
  transcription?: TranscriptionAccuracy;
}

/** Levenshtein distance between two word lists. */
export function wordEditDistance(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = hypothesis.map((_, index) => index + 1);
  previous.unshift(0);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j += 1) {
      const substitution = previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}

function spokenWords(words: readonly string[]): string[] {
  return words.flatMap((word) => spokenForm(word).split(/\s+/)).filter(Boolean);
}

/**
 * How well an aligner (and a transcriber) does on the script spoken by `synthesizer`, laid over music as
 * loud as the speech: both are measured with ffmpeg's ebur128, the bed is turned up or down by the
 * difference, and amix sums them (it scales both inputs alike, so they stay equally loud).
 */
export async function measureSpeechAccuracy(options: AccuracyOptions): Promise<AccuracyReport> {
  const { ffmpeg, signal } = options;
  return withScratchDir('speech-accuracy', async (dir) => {
    const speechFile = path.join(dir, 'speech.wav');
    const truth = await options.synthesizer.synthesize({ text: options.script, voiceId: options.voiceId, outputFile: speechFile, signal });
    const speechLufs = (await measureLoudness(ffmpeg, speechFile, { signal })).integratedLufs;
    let audioFile = speechFile;
    let musicLufs: number | undefined;
    if (options.withMusic !== false) {
      const musicFile = path.join(dir, 'music.wav');
      const duration = truth.durationSeconds.toFixed(3);
      await runFfmpeg(ffmpeg, ['-f', 'lavfi', '-i', `aevalsrc='${musicExpression()}':s=32000:d=${duration}`, '-ac', '1', musicFile], { signal, timeoutMs: 120_000 });
      const gain = speechLufs - (await measureLoudness(ffmpeg, musicFile, { signal })).integratedLufs;
      const levelledFile = path.join(dir, 'music-levelled.wav');
      await runFfmpeg(ffmpeg, ['-i', musicFile, '-af', `volume=${gain.toFixed(2)}dB`, '-c:a', 'pcm_s16le', levelledFile], { signal, timeoutMs: 120_000 });
      musicLufs = (await measureLoudness(ffmpeg, levelledFile, { signal })).integratedLufs;
      audioFile = path.join(dir, 'mix.wav');
      await runFfmpeg(ffmpeg, ['-i', speechFile, '-i', levelledFile, '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first', '-c:a', 'pcm_s16le', audioFile], {
        signal,
        timeoutMs: 120_000,
      });
    }
    const report: AccuracyReport = { durationSeconds: truth.durationSeconds, speechLufs, musicLufs };
    if (options.aligner) {
      const aligned = await options.aligner.align({ audioFile, text: options.script, signal });
      const errors = truth.words.map((word, index) => Math.abs((aligned[index]?.start ?? Infinity) - word.start));
      report.alignment = {
        meanStartError: errors.reduce((sum, error) => sum + error, 0) / errors.length,
        maxStartError: Math.max(...errors),
        words: errors.length,
      };
    }
    if (options.transcriber) {
      const heard = await options.transcriber.transcribe({ audioFile, signal });
      const reference = spokenWords(scriptWords(options.script));
      const hypothesis = spokenWords(heard.map((word) => word.text));
      report.transcription = { wordErrorRate: wordEditDistance(reference, hypothesis) / reference.length, reference, hypothesis };
    }
    return report;
  });
}
