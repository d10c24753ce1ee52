import path from 'node:path';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { DEBIAN_SPEECH_PATHS, type DebianSpeechPaths } from './debian-speech-tools.ts';
import { recognitionAudio, runPocketsphinx } from './pocketsphinx-batch.ts';
import { SpeechError, type TimedWord, type Transcriber, type TranscriptionRequest } from './speech.ts';
import { requireEngine } from './speech-process.ts';

/** Silence, sentence marks and noises the recogniser reports between words: `<s>`, `</s>`, `<sil>`, `[NOISE]`. */
function isFiller(word: string): boolean {
  return /^(<.*>|\[.*\])$/.test(word);
}

/**
 * The Debian transcriber (issue 27): pocketsphinx's open recognition with the en-us language model. Its words
 * are a draft for the creator to correct: on clear speech it gets most words right, with music far fewer.
 */
export class PocketsphinxTranscriber implements Transcriber {
  readonly engine = 'pocketsphinx';
  readonly draft = true;

  constructor(
    private readonly ffmpeg: FfmpegBinaries,
    private readonly paths: DebianSpeechPaths = DEBIAN_SPEECH_PATHS,
  ) {}

  async transcribe(request: TranscriptionRequest): Promise<TimedWord[]> {
    if (request.language && !/^en\b/i.test(request.language)) {
      throw new SpeechError('The offline recogniser only knows English.', 400);
    }
    requireEngine('pocketsphinx', this.paths);
    const model = this.paths.pocketsphinxModelDir;
    return withScratchDir('transcribe', async (dir) => {
      const rawFile = path.join(dir, 'speech.raw');
      const { durationSeconds } = await recognitionAudio(this.ffmpeg, request.audioFile, rawFile, request.signal);
      const segments = await runPocketsphinx(
        this.paths,
        rawFile,
        ['-lm', path.join(model, 'en-us.lm.bin'), '-dict', path.join(model, 'cmudict-en-us.dict')],
        { durationSeconds, signal: request.signal },
      );
      return segments
        .filter((segment) => !isFiller(segment.word))
        .map((segment) => ({ text: segment.word.replace(/\(\d+\)$/, ''), start: segment.start, end: Math.min(segment.end, durationSeconds) }));
    });
  }
}
