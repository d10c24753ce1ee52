/**
 * Until the timeline has a lane of shots (decision 039), the editor edits a sequence as it did one clip: the trim
 * is the first shot's cut of the project's clip, which the player plays, and the music is the music lane's first
 * clip. Later shots and clips are kept as they are.
 */
import { musicClips, type AudioClip, type EditorState, type Shot } from '@shared/editor/editor-state';

/** The In and Out points, in seconds of the project's clip. */
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

export function firstMusicClip(state: Pick<EditorState, 'audioClips'>): AudioClip | null {
  return musicClips(state)[0] ?? null;
}
