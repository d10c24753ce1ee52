import { MIN_MUSIC_SECONDS, RANGES } from '@shared/editor/editor-constants';
import { clampToRange, outputDuration, roundSeconds, type AudioClip, type EditorState } from '@shared/editor/editor-state';
import { newMusicClip } from '@shared/editor/music-placement';
import { firstMusicClip } from '@shared/editor/sequence-controls';
import { sectionCommand, type EditorCommand } from './editor-commands';
import type { TimingEdit } from './overlay-timing';
import { clamp, finite } from './number-bounds';

/** A change to the music's settings; `trackSeconds` is the track's length, which bounds the piece. */
export interface MusicChange {
  volume?: number;
  fadeIn?: number;
  fadeOut?: number;
  loop?: boolean;
  duck?: boolean;
  sourceIn?: number;
  sourceOut?: number;
}

const CHANGE_LABELS: Record<keyof MusicChange, string> = {
  volume: 'Change music volume',
  fadeIn: 'Change music fade in',
  fadeOut: 'Change music fade out',
  loop: 'Change music loop',
  duck: 'Change music ducking',
  sourceIn: 'Trim music',
  sourceOut: 'Trim music',
};

const TIMING_LABELS: Record<TimingEdit['edge'], string> = {
  move: 'Move music',
  start: 'Change music start',
  end: 'Change music end',
};

/**
 * Puts a track under the sequence. Another track in place of one already there keeps what the creator set
 * (volume, fades, where it plays, loop, ducking) and takes the new track's whole length as its piece.
 */
export function placeMusicCommand(state: EditorState, track: { id: string; duration: number }, clipHasSound: boolean): EditorCommand | null {
  // A new clip only ever goes onto an empty music lane (so far the only lane): its id is free.
  const fresh = newMusicClip('music-1', track, outputDuration(state), clipHasSound);
  const music = firstMusicClip(state);
  if (!music) return sectionCommand('Add music', state, { audioClips: [...state.audioClips, fresh] });
  return changeClip('Change music', state, music, { ...music, source: fresh.source, sourceIn: fresh.sourceIn, sourceOut: fresh.sourceOut });
}

export function removeMusicCommand(state: EditorState): EditorCommand | null {
  const music = firstMusicClip(state);
  return music ? sectionCommand('Remove music', state, { audioClips: state.audioClips.filter((clip) => clip !== music) }) : null;
}

/** Settings brought inside their ranges; the piece stays inside the track and at least MIN_MUSIC_SECONDS long. */
export function musicChangeCommand(state: EditorState, change: MusicChange, trackSeconds: number): EditorCommand | null {
  const music = firstMusicClip(state);
  if (!music) return null;
  const next: AudioClip = { ...music };
  if (change.volume !== undefined && Number.isFinite(change.volume)) next.volume = clampToRange(change.volume, RANGES.volume);
  if (change.fadeIn !== undefined && Number.isFinite(change.fadeIn)) next.fadeIn = clampToRange(change.fadeIn, RANGES.musicFade);
  if (change.fadeOut !== undefined && Number.isFinite(change.fadeOut)) next.fadeOut = clampToRange(change.fadeOut, RANGES.musicFade);
  if (change.loop !== undefined) next.loop = change.loop;
  if (change.duck !== undefined) next.duck = change.duck;
  const trackEnd = Math.max(MIN_MUSIC_SECONDS, trackSeconds);
  if (change.sourceIn !== undefined && Number.isFinite(change.sourceIn)) {
    next.sourceIn = roundSeconds(clamp(change.sourceIn, 0, next.sourceOut - MIN_MUSIC_SECONDS));
  }
  if (change.sourceOut !== undefined && Number.isFinite(change.sourceOut)) {
    next.sourceOut = roundSeconds(clamp(change.sourceOut, next.sourceIn + MIN_MUSIC_SECONDS, trackEnd));
  }
  const first = (Object.keys(change) as (keyof MusicChange)[])[0];
  return first ? changeClip(CHANGE_LABELS[first], state, music, next) : null;
}

/** Moves the music's bar, or one of its edges, on the output timeline: never before 0, inside the output. */
export function musicTimingCommand(state: EditorState, edit: TimingEdit): EditorCommand | null {
  const music = firstMusicClip(state);
  if (!music) return null;
  const output = Math.max(outputDuration(state), MIN_MUSIC_SECONDS);
  let { start, end } = music;
  switch (edit.edge) {
    case 'move': {
      const length = Math.min(end - start, output);
      start = clamp(finite(edit.start, start), 0, output - length);
      end = start + length;
      break;
    }
    case 'start':
      start = clamp(finite(edit.start, start), 0, Math.max(0, end - MIN_MUSIC_SECONDS));
      break;
    case 'end':
      end = clamp(finite(edit.end, end), start + MIN_MUSIC_SECONDS, Math.max(output, start + MIN_MUSIC_SECONDS));
      break;
  }
  return changeClip(TIMING_LABELS[edit.edge], state, music, { ...music, start: roundSeconds(start), end: roundSeconds(end) });
}

/** `clip` (one of the state's audio clips) replaced by `next`, in its place. */
function changeClip(label: string, state: EditorState, clip: AudioClip, next: AudioClip): EditorCommand | null {
  return sectionCommand(label, state, { audioClips: state.audioClips.map((candidate) => (candidate === clip ? next : candidate)) });
}
