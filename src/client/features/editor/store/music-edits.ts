import { MIN_MUSIC_SECONDS, RANGES } from '@shared/editor/editor-constants';
import { clampToRange, outputDuration, roundSeconds, type EditorState, type MusicPlacement } from '@shared/editor/editor-state';
import { newMusicPlacement } from '@shared/editor/music-placement';
import { sectionCommand, type EditorCommand } from './editor-commands';
import type { TimingEdit } from './overlay-timing';

/** A change to the music's settings; `trackSeconds` is the track's length, which bounds the piece. */
export interface MusicChange {
  volume?: number;
  fadeIn?: number;
  fadeOut?: number;
  loop?: boolean;
  duck?: boolean;
  trackIn?: number;
  trackOut?: number;
}

const CHANGE_LABELS: Record<keyof MusicChange, string> = {
  volume: 'Change music volume',
  fadeIn: 'Change music fade in',
  fadeOut: 'Change music fade out',
  loop: 'Change music loop',
  duck: 'Change music ducking',
  trackIn: 'Trim music',
  trackOut: 'Trim music',
};

const TIMING_LABELS: Record<TimingEdit['edge'], string> = {
  move: 'Move music',
  start: 'Change music start',
  end: 'Change music end',
};

/**
 * Puts a track under the clip. Another track in place of one already there keeps what the creator set
 * (volume, fades, where it plays, loop, ducking) and takes the new track's whole length as its piece.
 */
export function placeMusicCommand(state: EditorState, track: { id: string; duration: number }, clipHasSound: boolean): EditorCommand | null {
  const fresh = newMusicPlacement(track, outputDuration(state), clipHasSound);
  if (!state.music) return sectionCommand('Add music', state, { music: fresh });
  return sectionCommand('Change music', state, { music: { ...state.music, trackId: fresh.trackId, trackIn: fresh.trackIn, trackOut: fresh.trackOut } });
}

export function removeMusicCommand(state: EditorState): EditorCommand | null {
  return state.music ? sectionCommand('Remove music', state, { music: null }) : null;
}

/** Settings brought inside their ranges; the piece stays inside the track and at least MIN_MUSIC_SECONDS long. */
export function musicChangeCommand(state: EditorState, change: MusicChange, trackSeconds: number): EditorCommand | null {
  const music = state.music;
  if (!music) return null;
  const next: MusicPlacement = { ...music };
  if (change.volume !== undefined && Number.isFinite(change.volume)) next.volume = clampToRange(change.volume, RANGES.volume);
  if (change.fadeIn !== undefined && Number.isFinite(change.fadeIn)) next.fadeIn = clampToRange(change.fadeIn, RANGES.musicFade);
  if (change.fadeOut !== undefined && Number.isFinite(change.fadeOut)) next.fadeOut = clampToRange(change.fadeOut, RANGES.musicFade);
  if (change.loop !== undefined) next.loop = change.loop;
  if (change.duck !== undefined) next.duck = change.duck;
  const trackEnd = Math.max(MIN_MUSIC_SECONDS, trackSeconds);
  if (change.trackIn !== undefined && Number.isFinite(change.trackIn)) {
    next.trackIn = roundSeconds(clamp(change.trackIn, 0, next.trackOut - MIN_MUSIC_SECONDS));
  }
  if (change.trackOut !== undefined && Number.isFinite(change.trackOut)) {
    next.trackOut = roundSeconds(clamp(change.trackOut, next.trackIn + MIN_MUSIC_SECONDS, trackEnd));
  }
  const first = (Object.keys(change) as (keyof MusicChange)[])[0];
  return first ? sectionCommand(CHANGE_LABELS[first], state, { music: next }) : null;
}

/** Moves the music's bar, or one of its edges, on the output timeline: never before 0, inside the output. */
export function musicTimingCommand(state: EditorState, edit: TimingEdit): EditorCommand | null {
  const music = state.music;
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
  return sectionCommand(TIMING_LABELS[edit.edge], state, { music: { ...music, start: roundSeconds(start), end: roundSeconds(end) } });
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function finite(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}
