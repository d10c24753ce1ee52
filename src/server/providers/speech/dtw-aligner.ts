import fs from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import type { DtwWorkerData } from './dtw-worker.ts';
import type { FliteVoice } from './flite-wasi.ts';
import type { FliteWorkerData } from './flite-worker.ts';
import { SAMPLE_RATE } from './mfcc.ts';
import { asWritten, runEngine } from './npm-synthesizer.ts';
import { spokenScriptWords } from './script-tokens.ts';
import { SpeechError, type AlignmentRequest, type SpeechAligner, type SynthesisResult, type TimedWord } from './speech.ts';

/** The longest audio aligned: a 3-minute script read slowly, with music around it. Later audio is ignored. */
const MAX_ALIGNED_SECONDS = 600;
const DEFAULT_TIMEOUT_MS = 120_000;
/**
 * The script is spoken in both voices and the closer one kept: MFCCs of a female voice and a male one differ so
 * much that warping one onto the other misplaces words by a second (measured), however alike the words.
 */
const REFERENCE_VOICES: readonly FliteVoice[] = ['slt', 'rms'];

/**
 * Aligns a script to audio with no acoustic model, as aeneas does: the script is spoken by the npm voice
 * (whose word times are known), and that speech is warped onto the real audio (dtw-alignment.ts), with both
 * ends of the audio anchored (measured better than free ends, which fold onto a few frames when the voices
 * differ). It needs only ffmpeg and npm packages, so `npm install` alone gives captions.
 */
export class DtwAligner implements SpeechAligner {
  readonly engine = 'npm' as const;

  constructor(
    private readonly binaries: FfmpegBinaries,
    private readonly options: { timeoutMs?: number } = {},
  ) {}

  async align(request: AlignmentRequest): Promise<TimedWord[]> {
    const words = spokenScriptWords(request.text);
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    return withScratchDir('npm-align', async (dir) => {
      try {
        const realPcm = path.join(dir, 'real.pcm');
        await this.decode(request.audioFile, realPcm, signal);
        if ((await fs.stat(realPcm)).size === 0) throw new SpeechError('The audio has no sound to align the script with', 400);
        const references: DtwWorkerData['references'] = [];
        for (const voice of REFERENCE_VOICES) {
          const voiceDir = path.join(dir, voice);
          await fs.mkdir(voiceDir);
          const data: FliteWorkerData = { dir: voiceDir, voice, words: words.map((word) => word.spoken) };
          const reading = await runEngine<SynthesisResult>('flite-worker', data, timeoutMs, signal);
          const pcm = path.join(voiceDir, 'reference.pcm');
          await this.decode(path.join(voiceDir, 'speech.wav'), pcm, signal);
          references.push({ pcm, words: asWritten(reading.words, words) });
        }
        const data: DtwWorkerData = { references, realPcm, mayBeTrimmed: request.mayBeTrimmed === true };
        const aligned = await runEngine<TimedWord[]>('dtw-worker', data, timeoutMs, signal);
        if (aligned.length === 0) throw new SpeechError('None of the script was found in the audio.', 400);
        return aligned;
      } catch (error) {
        if (deadline.aborted && !request.signal?.aborted) throw new SpeechError(`Aligning took longer than ${timeoutMs / 1000} s`, 504);
        throw error;
      }
    });
  }

  /** Any audio (or a video's first audio stream) as 16 kHz mono 16-bit PCM, the MFCCs' input. */
  private decode(input: string, output: string, signal: AbortSignal): Promise<unknown> {
    const args = ['-i', input, '-t', String(MAX_ALIGNED_SECONDS), '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', output];
    return runFfmpeg(this.binaries, args, { signal });
  }
}
