import {
  editCaptionWord,
  mergeCaptionLines,
  newCaptionTrack,
  presetStyle,
  restyleCaptions,
  setCaptionWordEdge,
  splitCaptionLine,
  toggleCaptionEmphasis,
} from '@shared/captions/caption-edits';
import { type CaptionStyle, type CaptionTrack, type CaptionVoice, captionStyleSchema } from '@shared/captions/caption-track';
import { retimedCaptions } from '@shared/captions/voice-captions';
import type { EditorState } from '@shared/editor/editor-state';
import type { TimedWord } from '@shared/speech/timed-word';
import { sectionCommand, type EditorCommand } from './editor-commands';

/**
 * The captions' edits; `idPrefix` names the lines an edit lays out anew (`${idPrefix}-1`, …), so the reducer stays pure.
 * `setCaptions` from a voice-over names it (`voice`): the captions then follow it (decision 055).
 */
export type CaptionAction =
  | { type: 'setCaptions'; words: TimedWord[]; idPrefix: string; voice?: CaptionVoice; gesture?: string }
  | { type: 'removeCaptions'; gesture?: string }
  | { type: 'styleCaptions'; style: Partial<CaptionStyle>; idPrefix: string; gesture?: string }
  | { type: 'applyCaptionPreset'; presetId: string; idPrefix: string; gesture?: string }
  | { type: 'editCaptionWord'; lineId: string; index: number; text: string; gesture?: string }
  | { type: 'toggleCaptionEmphasis'; lineId: string; index: number; gesture?: string }
  | { type: 'setCaptionWordEdge'; lineId: string; index: number; edge: 'start' | 'end'; time: number; gesture?: string }
  | { type: 'splitCaptionLine'; lineId: string; index: number; newId: string; gesture?: string }
  | { type: 'mergeCaptionLines'; lineId: string; gesture?: string };

function idsFrom(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${String((n += 1))}`;
}

function captionsCommand(label: string, state: EditorState, captions: CaptionTrack | null | undefined): EditorCommand | null {
  return captions === undefined ? null : sectionCommand(label, state, { captions });
}

/** A style with the change, or null when the change would make a style the document refuses. */
function changedStyle(current: CaptionStyle, change: Partial<CaptionStyle>): CaptionStyle | null {
  const parsed = captionStyleSchema.safeParse({ ...current, ...change });
  return parsed.success ? parsed.data : null;
}

export function captionCommand(action: CaptionAction, state: EditorState): EditorCommand | null {
  const track = state.captions;
  switch (action.type) {
    case 'setCaptions': {
      // Captions of a voice-over made again from it (they were out of date) keep the creator's corrections and emphasis.
      const { voice } = action;
      const next =
        track && voice && track.voice?.clipId === voice.clipId
          ? retimedCaptions(track, action.words, null, voice, idsFrom(action.idPrefix))
          : newCaptionTrack(action.words, idsFrom(action.idPrefix), track?.style, voice ?? null);
      return captionsCommand(track ? 'Replace captions' : 'Add captions', state, next);
    }
    case 'removeCaptions':
      return track ? captionsCommand('Remove captions', state, null) : null;
    case 'styleCaptions': {
      const style = track && changedStyle(track.style, action.style);
      return style ? captionsCommand('Change caption style', state, restyleCaptions(track, style, idsFrom(action.idPrefix))) : null;
    }
    case 'applyCaptionPreset': {
      const style = track && presetStyle(action.presetId, track.style);
      return style ? captionsCommand('Apply caption preset', state, restyleCaptions(track, style, idsFrom(action.idPrefix))) : null;
    }
    case 'editCaptionWord':
      return track ? captionsCommand('Edit caption word', state, editCaptionWord(track, action.lineId, action.index, action.text) ?? undefined) : null;
    case 'toggleCaptionEmphasis':
      return track ? captionsCommand('Emphasise word', state, toggleCaptionEmphasis(track, action.lineId, action.index) ?? undefined) : null;
    case 'setCaptionWordEdge':
      return track ? captionsCommand('Time caption word', state, setCaptionWordEdge(track, action.lineId, action.index, action.edge, action.time) ?? undefined) : null;
    case 'splitCaptionLine':
      return track ? captionsCommand('Split caption line', state, splitCaptionLine(track, action.lineId, action.index, action.newId) ?? undefined) : null;
    case 'mergeCaptionLines':
      return track ? captionsCommand('Merge caption lines', state, mergeCaptionLines(track, action.lineId) ?? undefined) : null;
  }
}
