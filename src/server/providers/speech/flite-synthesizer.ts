import fs from 'node:fs/promises';
import path from 'node:path';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { DEBIAN_SPEECH_PATHS, type DebianSpeechPaths } from './debian-speech-tools.ts';
import { scriptTokens } from './script-tokens.ts';
import { type SpeechAligner, SpeechError, type SpeechSynthesizer, type SynthesisRequest, type SynthesisResult, type Voice } from './speech.ts';
import { requireEngine, runSpeechTool, timeLimitMs } from './speech-process.ts';

/** flite's built-in voices, by the name `-voice` takes: kal16 is the 16 kHz build of kal. */
const FLITE_VOICE_NAMES: Record<string, string> = { 'flite:kal': 'kal16', 'flite:slt': 'slt' };

const FLITE_VOICES: readonly Voice[] = [
  { id: 'flite:kal', name: 'Kal (offline)', engine: 'flite', language: 'en-US' },
  { id: 'flite:slt', name: 'Sally (offline)', engine: 'flite', language: 'en-US' },
];

/** Bytes per second of flite's output: 16-bit mono at the rate in the RIFF header. */
async function waveDurationSeconds(file: string): Promise<number> {
  const header = Buffer.alloc(44);
  const handle = await fs.open(file, 'r');
  try {
    await handle.read(header, 0, 44, 0);
    const size = (await handle.stat()).size;
    const byteRate = header.readUInt32LE(28);
    return byteRate > 0 ? (size - 44) / byteRate : 0;
  } finally {
    await handle.close();
  }
}

/**
 * A second offline voice (issue 27): flite. Its command line prints no word times (only phones, with no
 * word boundaries), so the words are found in its own speech by `aligner` (pocketsphinx).
 */
export class FliteSynthesizer implements SpeechSynthesizer {
  readonly engine = 'flite';

  constructor(
    private readonly aligner: SpeechAligner,
    private readonly paths: DebianSpeechPaths = DEBIAN_SPEECH_PATHS,
  ) {}

  voices(): readonly Voice[] {
    return FLITE_VOICES;
  }

  async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    const voice = FLITE_VOICE_NAMES[request.voiceId];
    if (!voice) throw new SpeechError(`flite has no voice ${request.voiceId}.`, 400);
    const { tokens } = scriptTokens(request.text);
    requireEngine('flite', this.paths);
    await withScratchDir('flite', async (dir) => {
      const textFile = path.join(dir, 'script.txt');
      await fs.writeFile(textFile, tokens.join(' '));
      await runSpeechTool(this.paths.flite, ['-voice', voice, '-f', textFile, '-o', path.resolve(request.outputFile)], {
        label: 'flite',
        timeoutMs: timeLimitMs(20, 0.05, request.text.length),
        signal: request.signal,
      });
    });
    const durationSeconds = await waveDurationSeconds(request.outputFile);
    if (!(durationSeconds > 0)) throw new SpeechError('flite wrote no speech.', 502);
    const words = await this.aligner.align({ audioFile: request.outputFile, text: request.text, signal: request.signal });
    return { words, durationSeconds };
  }
}
