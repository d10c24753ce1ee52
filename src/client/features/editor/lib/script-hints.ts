import { MAX_SPOKEN_WORDS, SPOKEN_WORDS_PER_SECOND, estimatedSpokenSeconds, scriptLengthProblem, scriptOverrunSeconds } from '@shared/speech/script-length';
import { spokenWordCount } from '@shared/speech/spoken-text';
import { MAX_SCRIPT_CHARACTERS } from '@shared/speech/timed-word';

/** What the Voice panel says under the script box as the creator types. */
export interface ScriptHints {
  /** "42/600 words · 230/3,000 characters": numbers counted as the words they are read as. */
  count: string;
  /** Why the script cannot be spoken (the server's own sentence), or null; generating waits until it is fixed. */
  problem: string | null;
  /** That the script would run well past the video, by how much, or null; it may still be spoken. */
  overrun: string | null;
}

/** 25 → "25 s", 149.4 → "2 min 29 s", 60 → "1 min". */
export function spokenLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  if (minutes === 0) return `${whole} s`;
  return whole % 60 === 0 ? `${minutes} min` : `${minutes} min ${whole % 60} s`;
}

export function scriptHints(script: string, videoSeconds: number): ScriptHints {
  const count = `${spokenWordCount(script)}/${MAX_SPOKEN_WORDS} words · ${script.trim().length.toLocaleString('en-US')}/${MAX_SCRIPT_CHARACTERS.toLocaleString('en-US')} characters`;
  const problem = scriptLengthProblem(script) ?? null;
  const past = problem ? undefined : scriptOverrunSeconds(script, videoSeconds);
  const overrun =
    past === undefined
      ? null
      : `At ${SPOKEN_WORDS_PER_SECOND} words a second this script runs about ${spokenLength(estimatedSpokenSeconds(script))}, ` +
        `${spokenLength(past)} past the end of the ${spokenLength(videoSeconds)} video: what runs past the end is not heard.`;
  return { count, problem, overrun };
}
