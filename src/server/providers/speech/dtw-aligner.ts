import fs from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import type { DtwWorkerData } from './dtw-worker.ts';
import type { FliteVoice } from './flite-wasi.ts';
import type { FliteWorkerData } from './flite-worker.ts';
import { SAMPLE_RATE } from './mfcc.ts';
import { checkedScriptWords, runEngine } from './npm-synthesizer.ts';
import { SpeechError, type AlignmentRequest, type SpeechAligner, type SynthesisResult, type TimedWord } from './speech.ts';

/** The longest audio aligned: a 3-minute script read slowly, with music around it. Later audio is ignored. */
export const MAX_ALIGNED_SECONDS = 600;
const DEFAULT_TIMEOUT_MS = 120_000;
/** The voice the script is spoken in for reference: the clearer of the two. */
const REFERENCE_VOICE: FliteVoice = 'rms';

/**
 * Aligns a script to audio with no acoustic model, as aeneas does: the script is spoken by the npm voice
 * (whose word times are known), and that speech is warped onto the real audio (dtw-alignment.ts). It needs
 * only ffmpeg and npm packages, so `npm install` alone gives captions.
 */
export class DtwAligner implements SpeechAligner {
  readonly engine = 'npm' as const;

  constructor(
    private readonly binaries: FfmpegBinaries,
    private readonly options: { timeoutMs?: number } = {},
  ) {}

  async align(request: AlignmentRequest): Promise<TimedWord[]> {
    const words = checkedScriptWords(request.text);
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    return withScratchDir('npm-align', async (dir) => {
      try {
        const realPcm = path.join(dir, 'real.pcm');
        await this.decode(request.audioFile, realPcm, signal);
        if ((await fs.stat(realPcm)).size === 0) throw new SpeechError('The audio has no sound to align the script with', 400);
        const reference = await runEngine<SynthesisResult>('flite-worker', { dir, voice: REFERENCE_VOICE, words } satisfies FliteWorkerData, timeoutMs, signal);
        const referencePcm = path.join(dir, 'reference.pcm');
        await this.decode(path.join(dir, 'speech.wav'), referencePcm, signal);
        const data: DtwWorkerData = { referencePcm, referenceWords: reference.words, realPcm };
        return await runEngine<TimedWord[]>('dtw-worker', data, timeoutMs, signal);
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
