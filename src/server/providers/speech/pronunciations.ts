import fs from 'node:fs/promises';
import type { DebianSpeechPaths } from './debian-speech-tools.ts';
import { numberReadings } from '../../../shared/speech/number-words.ts';
import { spokenText } from '../../../shared/speech/spoken-text.ts';
import { runSpeechTool } from './speech-process.ts';

/** Pronouncing dictionary: word → its pronunciations, each a list of CMU phones ("HH AH L OW"). */
type Dictionary = Map<string, string[]>;

const dictionaries = new Map<string, Promise<Dictionary>>();

/** pocketsphinx-en-us's cmudict, read once per process (about 135,000 words, a few MB). */
export function loadDictionary(file: string): Promise<Dictionary> {
  let loading = dictionaries.get(file);
  if (!loading) {
    loading = fs.readFile(file, 'utf8').then((text) => {
      const dictionary: Dictionary = new Map();
      for (const line of text.split('\n')) {
        const match = /^(\S+?)(?:\(\d+\))?\s+(.+)$/.exec(line.trim());
        if (!match) continue;
        const [, word, phones] = match as unknown as [string, string, string];
        const known = dictionary.get(word);
        if (known) known.push(phones);
        else dictionary.set(word, [phones]);
      }
      return dictionary;
    });
    loading.catch(() => dictionaries.delete(file));
    dictionaries.set(file, loading);
  }
  return loading;
}

/** flite's phones that the CMU set spells otherwise; the rest are the same in upper case. */
const FLITE_TO_CMU: Record<string, string> = { ax: 'AH', axr: 'ER' };

/** Letter-to-sound from flite's t2p ("zorblax" → "Z AO R B L AE K S"), for words the dictionary lacks. */
async function guessPronunciation(paths: DebianSpeechPaths, word: string, signal?: AbortSignal): Promise<string | undefined> {
  const { stdout } = await runSpeechTool(paths.t2p, [word], { label: 'flite (t2p)', timeoutMs: 10_000, signal });
  const phones = stdout
    .trim()
    .split(/\s+/)
    .map((phone) => phone.replace(/\d/g, ''))
    .filter((phone) => phone && phone !== 'pau')
    .map((phone) => FLITE_TO_CMU[phone] ?? phone.toUpperCase());
  return phones.length > 0 ? phones.join(' ') : undefined;
}

/** Symbols voices read out, and how (Festival says "ampersand" where a person says "and"). */
const SYMBOL_WORDS: Record<string, string[]> = {
  '%': ['percent'],
  '&': ['and', 'ampersand'],
  '+': ['plus'],
  '@': ['at'],
  '=': ['equals'],
  '/': ['slash'],
  '\\': ['backslash'],
};

/** A word the recogniser listens for, with every way it may be pronounced. */
export interface SpokenWord {
  word: string;
  pronunciations: string[];
}

/**
 * The ways a caption word may be spoken, each a sequence of dictionary words: numbers spelled out (with the
 * year reading as an alternative), hyphenated words split when the dictionary lacks them whole, symbols ("%", "&")
 * said or not, and words the dictionary lacks guessed by t2p. Empty for a word with nothing pronounceable
 * (a word in a script the English model does not know).
 */
export async function spokenReadings(
  captionWord: string,
  dictionary: Dictionary,
  paths: DebianSpeechPaths,
  signal?: AbortSignal,
): Promise<SpokenWord[][]> {
  const asWritten = await writtenReadings(captionWord, dictionary, paths, signal);
  if (!/\d/.test(captionWord)) return asWritten;
  // The reading every voice is given ("$5.50" → five dollars and fifty cents) comes first; a person may read it otherwise.
  const asGiven = await writtenReadings(spokenText(captionWord), dictionary, paths, signal);
  const seen = new Set<string>();
  return [...asGiven, ...asWritten]
    .filter((reading) => {
      const key = reading.map((word) => word.word).join(' ');
      return !seen.has(key) && seen.add(key);
    })
    .slice(0, 4);
}

async function writtenReadings(captionWord: string, dictionary: Dictionary, paths: DebianSpeechPaths, signal?: AbortSignal): Promise<SpokenWord[][]> {
  const lower = captionWord.toLowerCase().replace(/[‘’]/g, "'");
  const pieces = lower.match(/\d+(?:[.,]\d+)*|[a-z]+(?:['-][a-z]+)*|[%&+@=\\/]/g) ?? [];
  let readings: SpokenWord[][] = [[]];
  const extend = (options: SpokenWord[][]) => {
    readings = readings.flatMap((reading) => options.map((option) => [...reading, ...option])).slice(0, 4);
  };
  const lookUp = async (word: string): Promise<SpokenWord[]> => {
    const known = dictionary.get(word);
    if (known) return [{ word, pronunciations: known }];
    if (word.includes('-')) return (await Promise.all(word.split('-').map(lookUp))).flat();
    const guessed = await guessPronunciation(paths, word.replaceAll("'", ''), signal);
    return guessed ? [{ word, pronunciations: [guessed] }] : [];
  };
  for (const piece of pieces) {
    const symbol = SYMBOL_WORDS[piece];
    // A voice may say a symbol or not ("&" is "and", a backslash is spoken by Festival): both are allowed.
    if (symbol) extend([...(await Promise.all(symbol.map(lookUp))), []]);
    else if (/^\d/.test(piece)) extend(await Promise.all(numberReadings(piece).map((reading) => Promise.all(reading.map(lookUp)).then((words) => words.flat()))));
    else extend([await lookUp(piece)]);
  }
  return readings.filter((reading) => reading.length > 0);
}
