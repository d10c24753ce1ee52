import fs from 'node:fs/promises';
import path from 'node:path';
import { dialogueWords } from '../../../shared/speech/quoted-dialogue.ts';
import { MAX_SCRIPT_CHARACTERS, type TimedWord } from '../../../shared/speech/timed-word.ts';
import type { SpeechSynthesizer } from '../speech/speech.ts';
import { readWav } from '../../render/wav.ts';

/**
 * The offline clip's speech (issue 27): the dialogue quoted in the prompt, spoken by the offline voice over the
 * clip's chord, as Veo and Omni speak it with keys. Words that do not fit the clip are dropped rather than cut
 * off, so every word the clip reports is spoken whole.
 */

/** The voice starts this far into the clip… */
const DIALOGUE_START_SECONDS = 0.3;
/** …and has finished this long before its end. */
const DIALOGUE_END_MARGIN_SECONDS = 0.3;
/** Faster than the offline voices speak: words past what this rate fits the clip are not even synthesised. */
const MAX_WORDS_PER_SECOND = 4;
/** Silence kept before the first word and after the last one. */
const EDGE_SECONDS = 0.05;
/** The voice's peak (-3 dBFS), whatever level the engine speaks at; the chord peaks near -14 dBFS. */
const VOICE_PEAK = 0.7;
/** The chord is halved (-6 dB) under the voice, so the words stand clear of it, and ramps there and back. */
const BED_UNDER_VOICE = 0.5;
const DUCK_RAMP_SECONDS = 0.15;

export interface SpokenDialogue {
  /** The voice's WAV, an input of the clip's render. */
  file: string;
  /** The part of the WAV that is used, in seconds into it: from just before the first word to just after the last that fits. */
  from: number;
  to: number;
  /** Brings the voice's peak to VOICE_PEAK. */
  gain: number;
  /** The words spoken, in seconds into the clip. */
  words: TimedWord[];
}

function peakOf(wav: Buffer, from: number, to: number): number {
  const audio = readWav(wav);
  if (!audio) return 0;
  const frame = audio.channels * 2;
  const first = Math.floor(from * audio.sampleRate) * frame;
  const last = Math.min(audio.samples.length, Math.ceil(to * audio.sampleRate) * frame);
  let peak = 0;
  for (let offset = first; offset + 2 <= last; offset += 2) peak = Math.max(peak, Math.abs(audio.samples.readInt16LE(offset)));
  return peak / 32768;
}

/**
 * Speaks the prompt's quoted dialogue with `voice` into `dir`, or undefined when the prompt quotes nothing
 * (then no engine is started) or not even its first word fits a clip of `durationSeconds`.
 */
export async function speakDialogue(
  voice: SpeechSynthesizer,
  request: { prompt: string; durationSeconds: number; dir: string; signal?: AbortSignal },
): Promise<SpokenDialogue | undefined> {
  const room = request.durationSeconds - DIALOGUE_START_SECONDS - DIALOGUE_END_MARGIN_SECONDS;
  const quoted = dialogueWords(request.prompt);
  const voiceId = quoted.length > 0 && room > 0 ? voice.voices()[0]?.id : undefined;
  if (!voiceId) return undefined;
  const words = quoted.slice(0, Math.ceil(room * MAX_WORDS_PER_SECOND));
  while (words.join(' ').length > MAX_SCRIPT_CHARACTERS) words.pop();

  const file = path.join(request.dir, 'dialogue.wav');
  const spoken = await voice.synthesize({ text: words.join(' '), voiceId, outputFile: file, signal: request.signal });
  const from = Math.max(0, (spoken.words[0]?.start ?? 0) - EDGE_SECONDS);
  const fitting = spoken.words.filter((word) => word.end - from <= room);
  const last = fitting.at(-1);
  if (!last) return undefined;
  const next = spoken.words[fitting.length];
  const to = Math.min(last.end + EDGE_SECONDS, next?.start ?? Infinity, from + room, spoken.durationSeconds);
  const peak = peakOf(await fs.readFile(file), from, to);
  if (peak === 0) return undefined;
  const onClip = (seconds: number) => Math.round((seconds - from + DIALOGUE_START_SECONDS) * 1000) / 1000;
  return {
    file,
    from,
    to,
    gain: VOICE_PEAK / peak,
    words: fitting.map((word) => ({ text: word.text, start: onClip(word.start), end: onClip(word.end) })),
  };
}

/**
 * The filter chains that lay the voice (input `voiceInput`) over the clip's sound `[bed]` into `[a]`: the voice
 * trimmed, levelled and placed at DIALOGUE_START_SECONDS, mono in both channels; the bed halved under it. Only
 * filters ffmpeg 4.1 has (no amix `normalize`): `amerge` and `pan` add the two without rescaling either.
 */
export function dialogueAudioChains(dialogue: SpokenDialogue, voiceInput: number): string[] {
  const length = dialogue.to - dialogue.from;
  const fade = Math.min(0.03, length / 2);
  const duckFrom = DIALOGUE_START_SECONDS - DUCK_RAMP_SECONDS;
  const duckTo = DIALOGUE_START_SECONDS + length + DUCK_RAMP_SECONDS;
  const under = `${(1 - BED_UNDER_VOICE).toFixed(3)}*clip(min((t-${duckFrom.toFixed(3)})/${DUCK_RAMP_SECONDS},(${duckTo.toFixed(3)}-t)/${DUCK_RAMP_SECONDS}),0,1)`;
  return [
    `[${voiceInput}:a]atrim=start=${dialogue.from.toFixed(3)}:end=${dialogue.to.toFixed(3)},asetpts=PTS-STARTPTS,` +
      `afade=t=out:st=${(length - fade).toFixed(3)}:d=${fade.toFixed(3)},volume=${dialogue.gain.toFixed(4)},` +
      `aresample=48000,adelay=${Math.round(DIALOGUE_START_SECONDS * 1000)},apad,aformat=channel_layouts=mono[voice]`,
    // amerge needs both layouts named: without them it cannot negotiate (and warns on 4.1).
    `[bed]volume=eval=frame:volume='1-${under}',aformat=channel_layouts=stereo[ducked]`,
    '[ducked][voice]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c2[a]',
  ];
}
