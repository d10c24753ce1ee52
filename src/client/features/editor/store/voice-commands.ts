import { followedVoiceClip, heardCaptions, placedVoiceWords, retimedCaptions, shiftedCaptions } from '@shared/captions/voice-captions';
import { MIN_MUSIC_SECONDS, RANGES } from '@shared/editor/editor-constants';
import { clampToRange, outputDuration, roundSeconds, voiceClips, type EditorState, type VoiceClip } from '@shared/editor/editor-state';
import type { TimedWord } from '@shared/speech/timed-word';
import { sectionCommand, type EditorCommand } from './editor-commands';
import type { TimingEdit } from './overlay-timing';
import { clamp, finite } from './number-bounds';

/** How the voice-over sounds: its level and fades, and whether the shots' own sound is lowered while it speaks. */
export interface VoiceChange {
  volume?: number;
  fadeIn?: number;
  fadeOut?: number;
  duck?: boolean;
}

/** What becomes of the captions made from a voice-over when it is taken away. */
type CaptionsOfRemovedVoice = 'remove' | 'keep';

/**
 * The voice lane's edits: a voice-over put under the sequence (or in place of the one there), taken away, moved or
 * trimmed on the timeline (`sourceSeconds`: the voice-over's whole length, which bounds the trim), or its sound changed.
 * Captions made from the voice-over follow it in the same step (decision 055): a new recording re-times them from
 * its `words` (seconds into its audio; `previousWords` are the recording it replaces, to tell the creator's
 * corrections), a move moves them, and taking it away removes them or keeps them as plain captions.
 */
export type VoiceAction =
  | { type: 'placeVoice'; mediaId: string; seconds: number; newId: string; words?: TimedWord[]; previousWords?: TimedWord[]; gesture?: string }
  | { type: 'removeVoice'; captions?: CaptionsOfRemovedVoice; gesture?: string }
  | { type: 'setVoiceTiming'; edit: TimingEdit; sourceSeconds: number; gesture?: string }
  | { type: 'changeVoice'; change: VoiceChange; gesture?: string };

const TIMING_LABELS: Record<TimingEdit['edge'], string> = { move: 'Move voice-over', start: 'Trim voice-over start', end: 'Trim voice-over end' };
const CHANGE_LABELS: Record<keyof VoiceChange, string> = {
  volume: 'Change voice volume',
  fadeIn: 'Change voice fade in',
  fadeOut: 'Change voice fade out',
  duck: 'Change ducking under the voice',
};

/** A voice-over from its start to its end, at full volume, from the output's start, the shots' sound ducking under it. */
function newVoiceClip(id: string, mediaId: string, seconds: number): VoiceClip {
  const length = roundSeconds(seconds);
  return { id, lane: 'voice', source: { mediaId }, start: 0, end: length, sourceIn: 0, sourceOut: length, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: true };
}

export function voiceCommand(action: VoiceAction, state: EditorState): EditorCommand | null {
  const current = voiceClips(state)[0];
  switch (action.type) {
    case 'removeVoice':
      return current ? removeVoiceCommand(state, current, action.captions ?? 'keep') : null;
    case 'setVoiceTiming':
      return current ? timingCommand(state, current, action) : null;
    case 'changeVoice':
      return current ? changeVoiceCommand(state, current, action.change) : null;
    case 'placeVoice':
      return placeVoiceCommand(state, current, action);
  }
}

function placeVoiceCommand(state: EditorState, current: VoiceClip | undefined, action: Extract<VoiceAction, { type: 'placeVoice' }>): EditorCommand | null {
  const fresh = newVoiceClip(action.newId, action.mediaId, action.seconds);
  if (!current) return sectionCommand('Add voice-over', state, { audioClips: [...state.audioClips, fresh] });
  // A regenerated voice-over takes the old one's place: where it starts, its volume and fades stay.
  const replaced: VoiceClip = { ...current, source: fresh.source, sourceIn: 0, sourceOut: fresh.sourceOut, end: roundSeconds(current.start + fresh.sourceOut) };
  const audioClips = state.audioClips.map((clip) => (clip === current ? replaced : clip));
  const track = state.captions;
  // Captions of the old recording are re-timed to the new one when its words are known; otherwise they keep naming
  // the old recording, and the Captions panel says they are out of date.
  if (!track || followedVoiceClip(state) !== current || !action.words?.length) return sectionCommand('Replace voice-over', state, { audioClips });
  const previous = action.previousWords ? placedVoiceWords(action.previousWords, current) : null;
  let line = 0;
  const ids = () => `${action.newId}-${String((line += 1))}`;
  const captions = retimedCaptions(track, placedVoiceWords(action.words, replaced), previous, { clipId: current.id, mediaId: action.mediaId }, ids);
  return sectionCommand('Replace voice-over', state, { audioClips, captions });
}

/** The voice-over taken away; captions made from it go with it, or stay as plain captions of the words it played. */
function removeVoiceCommand(state: EditorState, current: VoiceClip, captions: CaptionsOfRemovedVoice): EditorCommand | null {
  const audioClips = state.audioClips.filter((clip) => clip !== current);
  if (followedVoiceClip(state) !== current) return sectionCommand('Remove voice-over', state, { audioClips });
  const heard = heardCaptions(state);
  const kept = captions === 'keep' && heard && heard.lines.length > 0 ? { ...heard, voice: null } : null;
  return sectionCommand(kept ? 'Remove voice-over' : 'Remove voice-over and captions', state, { audioClips, captions: kept });
}

/** A move or trim of the voice-over; a move takes the captions made from it along. */
function timingCommand(state: EditorState, current: VoiceClip, action: Extract<VoiceAction, { type: 'setVoiceTiming' }>): EditorCommand | null {
  const next = timedVoice(current, action.edit, action.sourceSeconds, outputDuration(state));
  const audioClips = state.audioClips.map((clip) => (clip === current ? next : clip));
  const moved = roundSeconds(next.start - next.sourceIn - (current.start - current.sourceIn));
  const track = state.captions;
  const captions = track && moved !== 0 && followedVoiceClip(state) === current ? shiftedCaptions(track, moved) : undefined;
  return sectionCommand(TIMING_LABELS[action.edit.edge], state, captions ? { audioClips, captions } : { audioClips });
}

/**
 * The voice-over moved whole (inside the output), or an edge trimmed. A trim keeps every word where it is on the
 * output, as a shot's trim keeps its pictures: the start edge moves `start` and `sourceIn` together, the end edge
 * stops at the recording's end. At least MIN_MUSIC_SECONDS stays.
 */
function timedVoice(voice: VoiceClip, edit: TimingEdit, sourceSeconds: number, outputSeconds: number): VoiceClip {
  const { start, end, sourceIn } = voice;
  switch (edit.edge) {
    case 'move': {
      // A voice-over longer than the output stays at 0; the export cuts it at the output's end.
      const length = end - start;
      const moved = clamp(finite(edit.start, start), 0, Math.max(0, Math.max(outputSeconds, MIN_MUSIC_SECONDS) - length));
      return { ...voice, start: roundSeconds(moved), end: roundSeconds(moved + length) };
    }
    case 'start': {
      const trimmed = clamp(finite(edit.start, start), Math.max(0, start - sourceIn), end - MIN_MUSIC_SECONDS);
      return { ...voice, start: roundSeconds(trimmed), sourceIn: roundSeconds(sourceIn + trimmed - start) };
    }
    case 'end': {
      const trimmed = clamp(finite(edit.end, end), start + MIN_MUSIC_SECONDS, Math.max(start + MIN_MUSIC_SECONDS, start + sourceSeconds - sourceIn));
      return { ...voice, end: roundSeconds(trimmed), sourceOut: roundSeconds(sourceIn + trimmed - start) };
    }
  }
}

function changeVoiceCommand(state: EditorState, voice: VoiceClip, change: VoiceChange): EditorCommand | null {
  const next: VoiceClip = { ...voice };
  if (change.volume !== undefined && Number.isFinite(change.volume)) next.volume = clampToRange(change.volume, RANGES.volume);
  if (change.fadeIn !== undefined && Number.isFinite(change.fadeIn)) next.fadeIn = clampToRange(change.fadeIn, RANGES.musicFade);
  if (change.fadeOut !== undefined && Number.isFinite(change.fadeOut)) next.fadeOut = clampToRange(change.fadeOut, RANGES.musicFade);
  if (change.duck !== undefined) next.duck = change.duck;
  const first = (Object.keys(change) as (keyof VoiceChange)[])[0];
  return first ? replaceClip(CHANGE_LABELS[first], state, voice, next) : null;
}

function replaceClip(label: string, state: EditorState, clip: VoiceClip, next: VoiceClip): EditorCommand | null {
  return sectionCommand(label, state, { audioClips: state.audioClips.map((candidate) => (candidate === clip ? next : candidate)) });
}
