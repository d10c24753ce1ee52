import fs from 'node:fs/promises';
import { spokenText } from '../../../shared/speech/spoken-text.ts';
import { checkedScriptWords } from './script-tokens.ts';
import { SpeechError, type SpeechAligner, type SynthesisRequest, type SynthesisResult } from './speech.ts';
import { pcmDurationSeconds, pcmToWav, type PcmAudio } from '../../render/wav.ts';

/**
 * For a synthesizer whose engine returns audio without word times (the keyed services): `speak` makes the
 * audio of `spoken` (the script with its numbers written out, as every engine is given it), it is written to `outputFile` as a mono 16-bit WAV, and `aligner` times the script's words in it.
 */
export async function alignedSynthesis(
  aligner: SpeechAligner,
  request: SynthesisRequest,
  speak: (spoken: string) => Promise<PcmAudio>,
): Promise<SynthesisResult> {
  const expected = checkedScriptWords(request.text);
  const audio = await speak(spokenText(request.text));
  await fs.writeFile(request.outputFile, pcmToWav(audio));
  const words = await aligner.align({ audioFile: request.outputFile, text: request.text, signal: request.signal });
  if (words.length !== expected.length || words.some((word, index) => word.text !== expected[index])) {
    throw new SpeechError('The voice-over was made, but its words could not be timed. Please try again.', 502);
  }
  return { words, durationSeconds: pcmDurationSeconds(audio) };
}
