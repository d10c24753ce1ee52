import { type EditorState, type MusicClip, type Shot, musicClips } from './editor-state.ts';

/**
 * What the editor's single trim, sound and music controls edit until shots and lanes get controls of their own
 * (issue 26), and what SPEC's videoContext calls `trim` and `audio`: the first shot's cut, the first shot's sound
 * (set on every shot), the music lane's first clip.
 */

/** In and Out, seconds into the first shot's clip. */
export interface Trim {
  start: number;
  end: number;
}

export function firstShot(state: Pick<EditorState, 'shots'>): Shot {
  const shot = state.shots[0];
  if (!shot) throw new Error('A sequence has at least one shot');
  return shot;
}

export function trimOf(state: Pick<EditorState, 'shots'>): Trim {
  const shot = firstShot(state);
  return { start: shot.in, end: shot.out };
}

/** The shots with the first one cut at `trim`. */
export function withTrim(shots: readonly Shot[], trim: Trim): Shot[] {
  return shots.map((shot, index) => (index === 0 ? { ...shot, in: trim.start, out: trim.end } : shot));
}

/** The sequence's own sound as one control shows it: the first shot's. */
export function sequenceSound(state: Pick<EditorState, 'shots'>): { volume: number; muted: boolean } {
  const first = state.shots[0];
  return { volume: first?.volume ?? 1, muted: first?.muted ?? false };
}

/** Every shot's own sound set at once: what the one volume control and mute do. */
export function withSequenceSound(shots: readonly Shot[], sound: { volume?: number; muted?: boolean }): Shot[] {
  return shots.map((shot) => ({ ...shot, ...(sound.volume === undefined ? {} : { volume: sound.volume }), ...(sound.muted === undefined ? {} : { muted: sound.muted }) }));
}

export function firstMusicClip(state: Pick<EditorState, 'audioClips'>): MusicClip | null {
  return musicClips(state)[0] ?? null;
}
