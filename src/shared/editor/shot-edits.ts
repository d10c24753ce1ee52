import { MAX_SHOTS, RANGES, type TransitionKind } from './editor-constants.ts';
import { type Shot, clampTrim, newShot, roundSeconds } from './editor-state.ts';
import { frameAt, layoutSequence } from './time-map.ts';

/**
 * The editor's edits of the video lane (issue 26), as pure functions of the shots: each answers the new shots,
 * or null when the edit would change nothing or leave a shot too short to grab. A trim ripples: the shots after
 * it move with its end, and every time on the output timeline stays where it was.
 */

/** A shot is at least this long: three frames at 30 fps, a piece the lane can still show and grab. */
export const MIN_SHOT_SECONDS = 0.1;

const CUT = { kind: 'cut', duration: 0.5 } as const;

/** Cuts the shot showing at output time `at` in two at that frame; the second piece follows with a cut. Null when the sequence is full. */
export function splitShot(shots: readonly Shot[], at: number, newId: string): Shot[] | null {
  if (shots.length >= MAX_SHOTS) return null;
  const frame = frameAt(layoutSequence(shots), at);
  if (!frame) return null;
  const shot = shots[frame.shot.index]!;
  const cut = roundSeconds(frame.shot.sourceTime);
  if (cut - shot.in < MIN_SHOT_SECONDS || shot.out - cut < MIN_SHOT_SECONDS) return null;
  const first = { ...shot, out: cut };
  const second = { ...shot, id: newId, in: cut, transition: CUT };
  return [...shots.slice(0, frame.shot.index), first, second, ...shots.slice(frame.shot.index + 1)];
}

/** Removes a shot; the last one stays (a sequence has at least one). The shot after it keeps its transition. */
export function removeShot(shots: readonly Shot[], id: string): Shot[] | null {
  if (shots.length <= 1 || !shots.some((shot) => shot.id === id)) return null;
  return shots.filter((shot) => shot.id !== id);
}

/** A copy of a shot right after it, coming in with a cut; null when the sequence is full. */
export function duplicateShot(shots: readonly Shot[], id: string, newId: string): Shot[] | null {
  if (shots.length >= MAX_SHOTS) return null;
  const index = shots.findIndex((shot) => shot.id === id);
  if (index < 0) return null;
  const copy = { ...shots[index]!, id: newId, transition: CUT };
  return [...shots.slice(0, index + 1), copy, ...shots.slice(index + 1)];
}

/**
 * Puts `shot` right after the shot at `afterIndex` (-1: first). Null when the sequence is full (MAX_SHOTS), the
 * place is not in it, the id is taken, or the shot is too short to grab.
 */
export function insertShot(shots: readonly Shot[], afterIndex: number, shot: Shot): Shot[] | null {
  if (shots.length >= MAX_SHOTS) return null;
  if (!Number.isInteger(afterIndex) || afterIndex < -1 || afterIndex >= shots.length) return null;
  if (shots.some((candidate) => candidate.id === shot.id)) return null;
  if (shot.out - shot.in < MIN_SHOT_SECONDS) return null;
  return [...shots.slice(0, afterIndex + 1), shot, ...shots.slice(afterIndex + 1)];
}

/** Every shot cut within its own clip (`clipSeconds`, by media id); a shot of a clip not listed is left as it is. */
export function holdShotsToClips(shots: readonly Shot[], clipSeconds: Readonly<Record<string, number>>): Shot[] {
  return shots.map((shot) => {
    const length = Object.hasOwn(clipSeconds, shot.mediaId) ? clipSeconds[shot.mediaId] : undefined;
    if (length === undefined) return shot;
    const { start, end } = clampTrim({ start: shot.in, end: shot.out }, length);
    return start === shot.in && end === shot.out ? shot : { ...shot, in: start, out: end };
  });
}

/** A shot the server appends to the edit when its clip is ready (the Add shot dialog's promise): its asset, length and place. */
export interface PlacedShot {
  mediaId: string;
  seconds: number;
  /** The shot it was asked to follow; when that one is gone, it goes last. */
  afterShotId: string | null;
  /** Known to the server and the editor alike (`shot-<mediaId>`), so both place it once. */
  shotId: string;
}

/** Whether a shot of the placed shot's clip is there already (the creator placed it, or it was placed before). */
export function holdsPlacedShot(shots: readonly Shot[], placed: PlacedShot): boolean {
  return shots.some((shot) => shot.mediaId === placed.mediaId || shot.id === placed.shotId);
}

/**
 * Puts a shot whose clip just became ready after the shot it was asked to follow, or last, coming in with a cut.
 * Null when a shot of that clip is already there (holdsPlacedShot) or the sequence is full.
 */
export function placeShot(shots: readonly Shot[], placed: PlacedShot): Shot[] | null {
  if (holdsPlacedShot(shots, placed)) return null;
  const anchor = placed.afterShotId === null ? -1 : shots.findIndex((shot) => shot.id === placed.afterShotId);
  return insertShot(shots, anchor < 0 ? shots.length - 1 : anchor, newShot(placed.shotId, placed.mediaId, roundSeconds(placed.seconds)));
}

/** The id of the shot the server places for an asset. */
export function placedShotId(mediaId: string): string {
  return `shot-${mediaId}`;
}

/** Moves a shot to position `to` (0 is first), the others keeping their order. */
export function moveShot(shots: readonly Shot[], id: string, to: number): Shot[] | null {
  const from = shots.findIndex((shot) => shot.id === id);
  const target = Math.min(shots.length - 1, Math.max(0, Math.round(to)));
  if (from < 0 || from === target) return null;
  const rest = shots.filter((shot) => shot.id !== id);
  return [...rest.slice(0, target), shots[from]!, ...rest.slice(target)];
}

/**
 * Moves a shot's In or Out edge to `sourceTime` (seconds into its clip, within the clip's `clipSeconds`),
 * keeping at least MIN_SHOT_SECONDS of it.
 */
export function trimShot(shots: readonly Shot[], id: string, edge: 'in' | 'out', sourceTime: number, clipSeconds: number): Shot[] | null {
  const shot = shots.find((candidate) => candidate.id === id);
  if (!shot) return null;
  const time = roundSeconds(Math.min(clipSeconds, Math.max(0, sourceTime)));
  const trimmed =
    edge === 'in'
      ? { ...shot, in: Math.min(time, roundSeconds(shot.out - MIN_SHOT_SECONDS)) }
      : { ...shot, out: Math.max(time, roundSeconds(shot.in + MIN_SHOT_SECONDS)) };
  if (trimmed.in === shot.in && trimmed.out === shot.out) return null;
  return shots.map((candidate) => (candidate.id === id ? trimmed : candidate));
}

/** The shot uses its whole clip (`clipSeconds` long) again. */
export function resetShotTrim(shots: readonly Shot[], id: string, clipSeconds: number): Shot[] | null {
  const shot = shots.find((candidate) => candidate.id === id);
  if (!shot || (shot.in === 0 && shot.out === roundSeconds(clipSeconds))) return null;
  return shots.map((candidate) => (candidate.id === id ? { ...candidate, in: 0, out: roundSeconds(clipSeconds) } : candidate));
}

/** How a shot comes in from the one before it; its length within RANGES.transitionDuration (the time map keeps it within the neighbours). */
export function setTransition(shots: readonly Shot[], id: string, kind: TransitionKind, duration: number): Shot[] | null {
  const index = shots.findIndex((shot) => shot.id === id);
  if (index <= 0) return null;
  const { min, max } = RANGES.transitionDuration;
  const transition = { kind, duration: roundSeconds(Math.min(max, Math.max(min, duration))) };
  const shot = shots[index]!;
  if (shot.transition.kind === transition.kind && shot.transition.duration === transition.duration) return null;
  return shots.map((candidate) => (candidate.id === id ? { ...candidate, transition } : candidate));
}
