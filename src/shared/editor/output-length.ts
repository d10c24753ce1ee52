import { MAX_OUTPUT_SECONDS } from './editor-constants.ts';
import { type EditorState, outputDuration } from './editor-state.ts';

/** m:ss (h:mm:ss past an hour), whole seconds rounded up: a length just over the limit never reads as the limit. */
function clock(seconds: number): string {
  const whole = Math.ceil(seconds - 1e-6);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

const RUNS = {
  /** The sequence itself: a save or an export. */
  sequence: 'this sequence runs',
  /** The sequence with a shot asked to join it (Add shot), which it does not hold yet. */
  'with-shot': 'with this shot the sequence would run',
} as const;

/**
 * Why a sequence cannot be saved or exported for its length (over MAX_OUTPUT_SECONDS), or undefined. `of` says
 * whether the shots are the sequence or the sequence with a shot yet to join it.
 */
export function outputLengthProblem(state: Pick<EditorState, 'shots'>, of: keyof typeof RUNS = 'sequence'): string | undefined {
  const seconds = outputDuration(state);
  if (seconds <= MAX_OUTPUT_SECONDS + 1e-6) return undefined;
  return `A video can be at most ${MAX_OUTPUT_SECONDS / 60} minutes long; ${RUNS[of]} ${clock(seconds)}. Trim or remove shots.`;
}
