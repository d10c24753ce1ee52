import type { EditorState, Shot } from './editor-state.ts';

/** The sequence's own sound as one control shows it (the audio panel, the AI's context): the first shot's. */
export function sequenceSound(state: Pick<EditorState, 'shots'>): { volume: number; muted: boolean } {
  const first = state.shots[0];
  return { volume: first?.volume ?? 1, muted: first?.muted ?? false };
}

/** Every shot's own sound set at once: what the one volume control and mute do until shots get their own. */
export function withSequenceSound(shots: readonly Shot[], sound: { volume?: number; muted?: boolean }): Shot[] {
  return shots.map((shot) => ({ ...shot, ...(sound.volume === undefined ? {} : { volume: sound.volume }), ...(sound.muted === undefined ? {} : { muted: sound.muted }) }));
}
