import { roundSeconds, voiceClips, type EditorState, type VoiceClip } from '@shared/editor/editor-state';
import { sectionCommand, type EditorCommand } from './editor-commands';

/** The voice lane's edits: a voice-over put under the sequence (or in place of the one there), or taken away. */
export type VoiceAction =
  | { type: 'placeVoice'; mediaId: string; seconds: number; newId: string; gesture?: string }
  | { type: 'removeVoice'; gesture?: string };

/** A voice-over from its start to its end, at full volume, from the output's start. */
function newVoiceClip(id: string, mediaId: string, seconds: number): VoiceClip {
  const length = roundSeconds(seconds);
  return { id, lane: 'voice', source: { mediaId }, start: 0, end: length, sourceIn: 0, sourceOut: length, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false };
}

export function voiceCommand(action: VoiceAction, state: EditorState): EditorCommand | null {
  const current = voiceClips(state)[0];
  if (action.type === 'removeVoice') {
    return current ? sectionCommand('Remove voice-over', state, { audioClips: state.audioClips.filter((clip) => clip !== current) }) : null;
  }
  const fresh = newVoiceClip(action.newId, action.mediaId, action.seconds);
  if (!current) return sectionCommand('Add voice-over', state, { audioClips: [...state.audioClips, fresh] });
  // A regenerated voice-over takes the old one's place: where it starts, its volume and fades stay.
  const replaced: VoiceClip = { ...current, source: fresh.source, sourceIn: 0, sourceOut: fresh.sourceOut, end: roundSeconds(current.start + fresh.sourceOut) };
  return sectionCommand('Replace voice-over', state, { audioClips: state.audioClips.map((clip) => (clip === current ? replaced : clip)) });
}
