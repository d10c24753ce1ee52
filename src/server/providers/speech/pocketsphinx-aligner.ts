import fs from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { DEBIAN_SPEECH_PATHS, type DebianSpeechPaths } from './debian-speech-tools.ts';
import { recognitionAudio, runPocketsphinx } from './pocketsphinx-batch.ts';
import { type SpokenWord, loadDictionary, spokenReadings } from './pronunciations.ts';
import { scriptTokens, timeWords } from './script-tokens.ts';
import { type AlignmentRequest, type SpeechAligner, SpeechError, type TimedWord } from './speech.ts';
import { endWordsAtSpeech, pcmSamples } from './speech-ends.ts';
import { requireEngine } from './speech-process.ts';

/** A grammar word's name: the caption word's index, then the dictionary word, so a result maps back to its caption word. */
function grammarWord(captionIndex: number, word: string): string {
  return `${captionIndex}/${word}`;
}

interface Grammar {
  fsg: string;
  dictionary: string;
}

/**
 * The weight of a path that skips the script's first or last words, against 1 for the path through all of them.
 * Measured: at 1e-4 and below pocketsphinx lost every path through audio trimmed at either end.
 */
const SKIP_WEIGHT = 0.01;

/**
 * A finite-state grammar of the script's words in order: from one caption word's state to the next, one path
 * per way it may be spoken (a number as a year or a count). pocketsphinx adds optional silence and noise at
 * every state (-fsgusefiller) and each word's alternate pronunciations (-fsgusealtpron). With `optionalEdges`,
 * empty transitions from the start to every word and from every word to the end let the audio begin or end
 * part-way through the script.
 */
function alignmentGrammar(readings: ReadonlyArray<SpokenWord[][]>, optionalEdges: boolean): Grammar {
  const transitions: string[] = [];
  const entries = new Map<string, string[]>();
  const wordStarts: number[] = [];
  const wordEnds: number[] = [];
  let states = 1;
  let from = 0;
  readings.forEach((options, captionIndex) => {
    if (options.length === 0) return;
    const to = states++;
    for (const option of options) {
      let state = from;
      option.forEach((spoken, position) => {
        const next = position === option.length - 1 ? to : states++;
        const name = grammarWord(captionIndex, spoken.word);
        entries.set(name, spoken.pronunciations);
        transitions.push(`TRANSITION ${state} ${next} ${(position === 0 ? 1 / options.length : 1).toFixed(4)} ${name}`);
        state = next;
      });
    }
    wordStarts.push(from);
    wordEnds.push(to);
    from = to;
  });
  if (optionalEdges) {
    for (const start of wordStarts.slice(1)) transitions.push(`TRANSITION 0 ${start} ${SKIP_WEIGHT}`);
    for (const end of wordEnds.slice(0, -1)) transitions.push(`TRANSITION ${end} ${from} ${SKIP_WEIGHT}`);
  }
  const fsg = ['FSG_BEGIN script', `NUM_STATES ${states}`, 'START_STATE 0', `FINAL_STATE ${from}`, ...transitions, 'FSG_END', ''].join('\n');
  const dictionary = [...entries].flatMap(([name, pronunciations]) => pronunciations.map((phones, index) => `${name}${index > 0 ? `(${index + 1})` : ''} ${phones}`));
  return { fsg, dictionary: `${dictionary.join('\n')}\n` };
}

/**
 * The Debian aligner (issue 27): pocketsphinx's en-us model forced through a grammar of the script's words,
 * so it only has to find where each known word is. Words it cannot place (nothing pronounceable, or the search
 * ended early) sit where their neighbours meet.
 */
export class PocketsphinxAligner implements SpeechAligner {
  readonly engine = 'pocketsphinx';

  constructor(
    private readonly ffmpeg: FfmpegBinaries,
    private readonly paths: DebianSpeechPaths = DEBIAN_SPEECH_PATHS,
  ) {}

  async align(request: AlignmentRequest): Promise<TimedWord[]> {
    const { words } = scriptTokens(request.text);
    requireEngine('pocketsphinx', this.paths);
    const dictionary = await loadDictionary(path.join(this.paths.pocketsphinxModelDir, 'cmudict-en-us.dict'));
    const readings = await Promise.all(words.map((word) => spokenReadings(word, dictionary, this.paths, request.signal)));
    const grammar = alignmentGrammar(readings, request.mayBeTrimmed === true);
    return withScratchDir('align', async (dir) => {
      const rawFile = path.join(dir, 'speech.raw');
      const { durationSeconds } = await recognitionAudio(this.ffmpeg, request.audioFile, rawFile, request.signal);
      const fsgFile = path.join(dir, 'script.fsg');
      const dictionaryFile = path.join(dir, 'script.dict');
      await fs.writeFile(fsgFile, grammar.fsg);
      await fs.writeFile(dictionaryFile, grammar.dictionary);
      const segments = await runPocketsphinx(this.paths, rawFile, ['-fsg', fsgFile, '-dict', dictionaryFile], {
        durationSeconds,
        signal: request.signal,
      });
      const spoken = segments.flatMap((segment) => {
        const match = /^(\d+)\//.exec(segment.word);
        return match ? [{ word: Number(match[1]), span: { start: segment.start, end: Math.min(segment.end, durationSeconds) } }] : [];
      });
      const ends = spoken.length > 0 ? endWordsAtSpeech(pcmSamples(await fs.readFile(rawFile)), spoken.map((part) => part.span)) : [];
      const parts = spoken.map((part, index) => ({ word: part.word, span: ends[index]! }));
      if (parts.length === 0) throw new SpeechError('None of the script was found in the audio.', 400);
      const timed = timeWords(words, parts);
      if (!request.mayBeTrimmed) return timed;
      // The words before the first one heard and after the last one heard were skipped: cut off by a trim.
      const heard = parts.map((part) => part.word);
      return timed.slice(Math.min(...heard), Math.max(...heard) + 1);
    });
  }
}
