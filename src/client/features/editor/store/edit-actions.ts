import {
  FONT_FAMILIES,
  RANGES,
  TEXT_ALIGNMENTS,
  TEXT_ANIMATIONS,
  VISUAL_EFFECTS,
  type FontFamily,
  type TextAlign,
  type TextAnimationKind,
  type TransitionKind,
  type VisualEffect,
} from '@shared/editor/editor-constants';
import {
  clampToRange,
  DEFAULT_COLOR_GRADING,
  fitOverlayText,
  newShot,
  roundSeconds,
  type ColorGrading,
  type EditorState,
  type Shot,
  type TextAnimation,
} from '@shared/editor/editor-state';
import { duplicateShot, insertShot, moveShot, removeShot, resetShotTrim, setTransition, splitShot, trimShot } from '@shared/editor/shot-edits';
import { withSequenceSound } from '@shared/editor/sequence-controls';
import { captionCommand, type CaptionAction } from './caption-commands';
import { voiceCommand, type VoiceAction } from './voice-commands';
import { overlayCommand, sectionCommand, type EditorCommand, type OverlayFields } from './editor-commands';
import { musicChangeCommand, musicTimingCommand, placeMusicCommand, removeMusicCommand, type MusicChange } from './music-edits';
import { overlayTimingCommand, type TimingEdit } from './overlay-timing';

export interface OverlayStyle {
  fontFamily?: FontFamily;
  fontSize?: number;
  color?: string;
  textAlign?: TextAlign;
  lineHeight?: number;
  outline?: { color?: string; thickness?: number };
  boxWidth?: number;
  enter?: Partial<TextAnimation>;
  exit?: Partial<TextAnimation>;
}

/** Half the overlay box's size in percent of the frame, as measured on screen. */
export interface HalfSize {
  width: number;
  height: number;
}

export type GradeKey = keyof ColorGrading;

/** The edits a user makes; each becomes one command (or folds into its gesture's command). */
export type EditAction =
  /** `halfSize` keeps the whole box inside the frame; without it only the centre is kept inside. */
  | { type: 'moveOverlay'; id: string; position: { x: number; y: number }; halfSize?: HalfSize; gesture?: string }
  /** Start and end on the output timeline: a bar moved (both) or one of its edges dragged. */
  | { type: 'setOverlayTiming'; id: string; edit: TimingEdit; gesture?: string }
  | { type: 'styleOverlay'; id: string; style: OverlayStyle; gesture?: string }
  | { type: 'editOverlayText'; id: string; text: string; gesture?: string }
  | { type: 'setVisualEffect'; effect: VisualEffect; gesture?: string }
  | { type: 'setVolume'; volume: number; gesture?: string }
  | { type: 'setMuted'; muted: boolean; gesture?: string }
  | { type: 'setColorGrade'; key: GradeKey; value: number; gesture?: string }
  | { type: 'resetColorGrade'; key: GradeKey; gesture?: string }
  /** Puts a track under the sequence, from its start, looped over the output; in place of another it keeps its settings. */
  | { type: 'placeMusic'; track: { id: string; duration: number }; clipHasSound: boolean; gesture?: string }
  | { type: 'removeMusic'; gesture?: string }
  | { type: 'changeMusic'; change: MusicChange; trackSeconds: number; gesture?: string }
  | { type: 'setMusicTiming'; edit: TimingEdit; gesture?: string }
  /** The video lane's edits (shot-edits.ts); `newId` names the shot a split or a duplicate makes. */
  | { type: 'splitShot'; at: number; newId: string; gesture?: string }
  | { type: 'removeShot'; id: string; gesture?: string }
  | { type: 'duplicateShot'; id: string; newId: string; gesture?: string }
  | { type: 'moveShot'; id: string; to: number; gesture?: string }
  /** A new shot of the whole of an asset (`seconds` long), after shot `afterId` or, with null, first; it comes in with a cut. */
  | { type: 'addShot'; afterId: string | null; mediaId: string; seconds: number; newId: string; gesture?: string }
  | { type: 'trimShot'; id: string; edge: 'in' | 'out'; time: number; clipSeconds: number; gesture?: string }
  /** The shot uses its whole clip (`clipSeconds` long) again. */
  | { type: 'resetShotTrim'; id: string; clipSeconds: number; gesture?: string }
  | { type: 'setTransition'; id: string; kind: TransitionKind; duration: number; gesture?: string }
  | CaptionAction
  | VoiceAction;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Builds the command for an edit, with every value brought inside its range; null when nothing changes. */
export function commandFor(action: EditAction, state: EditorState): EditorCommand | null {
  switch (action.type) {
    case 'moveOverlay':
      return overlayCommand('Move text', state, action.id, {
        position: {
          x: clampPercent(action.position.x, action.halfSize?.width),
          y: clampPercent(action.position.y, action.halfSize?.height),
        },
      });
    case 'setOverlayTiming':
      return overlayTimingCommand(state, action.id, action.edit);
    case 'styleOverlay':
      return styleCommand(state, action.id, action.style);
    case 'editOverlayText':
      // An overlay never ends up blank: the in-place editor keeps the old text when it is left empty.
      if (action.text.trim() === '') return null;
      return overlayCommand('Edit text', state, action.id, { text: fitOverlayText(action.text) });
    case 'setVisualEffect':
      return VISUAL_EFFECTS.includes(action.effect) ? sectionCommand('Change effect', state, { visualEffect: action.effect }) : null;
    case 'setVolume':
      return sectionCommand('Change volume', state, {
        shots: withSequenceSound(state.shots, { volume: clampToRange(action.volume, RANGES.volume) }),
      });
    case 'setMuted':
      return sectionCommand(action.muted ? 'Mute' : 'Unmute', state, { shots: withSequenceSound(state.shots, { muted: action.muted }) });
    case 'setColorGrade':
      return sectionCommand(`Change ${action.key}`, state, {
        colorGrading: { ...state.colorGrading, [action.key]: clampToRange(action.value, RANGES.grade) },
      });
    case 'resetColorGrade':
      return sectionCommand(`Reset ${action.key}`, state, {
        colorGrading: { ...state.colorGrading, [action.key]: DEFAULT_COLOR_GRADING[action.key] },
      });
    case 'placeMusic':
      return placeMusicCommand(state, action.track, action.clipHasSound);
    case 'removeMusic':
      return removeMusicCommand(state);
    case 'changeMusic':
      return musicChangeCommand(state, action.change, action.trackSeconds);
    case 'setMusicTiming':
      return musicTimingCommand(state, action.edit);
    case 'splitShot':
      return shotsCommand('Split shot', state, splitShot(state.shots, action.at, action.newId));
    case 'removeShot':
      return shotsCommand('Delete shot', state, removeShot(state.shots, action.id));
    case 'duplicateShot':
      return shotsCommand('Duplicate shot', state, duplicateShot(state.shots, action.id, action.newId));
    case 'addShot':
      return shotsCommand('Add shot', state, addShot(state.shots, action));
    case 'moveShot':
      return shotsCommand('Move shot', state, moveShot(state.shots, action.id, action.to));
    case 'trimShot':
      return shotsCommand(action.edge === 'in' ? 'Set In point' : 'Set Out point', state, trimShot(state.shots, action.id, action.edge, action.time, action.clipSeconds));
    case 'resetShotTrim':
      return shotsCommand('Reset trim', state, resetShotTrim(state.shots, action.id, action.clipSeconds));
    case 'setTransition':
      return shotsCommand('Change transition', state, setTransition(state.shots, action.id, action.kind, action.duration));
    case 'placeVoice':
    case 'removeVoice':
    case 'setVoiceTiming':
    case 'changeVoice':
      return voiceCommand(action, state);
    default:
      return captionCommand(action, state);
  }
}

/** One step of the video lane: the shots replaced whole, or nothing when the edit changes nothing. */
function shotsCommand(label: string, state: EditorState, shots: Shot[] | null): EditorCommand | null {
  return shots ? sectionCommand(label, state, { shots }) : null;
}

function addShot(shots: readonly Shot[], { afterId, mediaId, seconds, newId }: Extract<EditAction, { type: 'addShot' }>): Shot[] | null {
  const afterIndex = afterId === null ? -1 : shots.findIndex((shot) => shot.id === afterId);
  if (afterId !== null && afterIndex < 0) return null;
  return insertShot(shots, afterIndex, newShot(newId, mediaId, roundSeconds(seconds)));
}

const STYLE_LABELS: Record<keyof OverlayStyle, string> = {
  fontFamily: 'Change font',
  fontSize: 'Resize text',
  color: 'Change text colour',
  textAlign: 'Align text',
  lineHeight: 'Change line height',
  outline: 'Change outline',
  boxWidth: 'Change box width',
  enter: 'Change entrance',
  exit: 'Change exit',
};

function styleCommand(state: EditorState, id: string, style: OverlayStyle): EditorCommand | null {
  const overlay = state.textOverlays.find((candidate) => candidate.id === id);
  if (!overlay) return null;
  const fields: OverlayFields = {};
  if (style.fontFamily !== undefined && FONT_FAMILIES.includes(style.fontFamily)) fields.fontFamily = style.fontFamily;
  if (style.fontSize !== undefined) fields.fontSize = clampToRange(style.fontSize, RANGES.fontSize);
  if (style.color !== undefined && HEX_COLOR.test(style.color)) fields.color = style.color.toUpperCase();
  if (style.textAlign !== undefined && TEXT_ALIGNMENTS.includes(style.textAlign)) fields.textAlign = style.textAlign;
  if (style.lineHeight !== undefined) fields.lineHeight = clampToRange(style.lineHeight, RANGES.lineHeight);
  if (style.outline) {
    const { color, thickness } = style.outline;
    fields.outline = {
      color: color !== undefined && HEX_COLOR.test(color) ? color.toUpperCase() : overlay.outline.color,
      thickness: thickness === undefined ? overlay.outline.thickness : clampToRange(thickness, RANGES.outlineThickness),
    };
  }
  if (style.boxWidth !== undefined) fields.boxWidth = clampToRange(style.boxWidth, RANGES.boxWidth);
  if (style.enter) fields.enter = animationWith(overlay.enter, style.enter);
  if (style.exit) fields.exit = animationWith(overlay.exit, style.exit);
  const first = Object.keys(fields)[0] as keyof OverlayStyle | undefined;
  return first ? overlayCommand(STYLE_LABELS[first], state, id, fields) : null;
}

function animationWith(current: TextAnimation, change: Partial<TextAnimation>): TextAnimation {
  const kind: TextAnimationKind = change.kind !== undefined && TEXT_ANIMATIONS.includes(change.kind) ? change.kind : current.kind;
  const duration = change.duration === undefined ? current.duration : clampToRange(change.duration, RANGES.animationDuration);
  return { kind, duration };
}

/**
 * A centre kept `half` percent from each edge, so the box stays inside the frame (a box wider than
 * the frame stays centred). Kept to a hundredth of a percent: finer than a pixel of any output size.
 */
function clampPercent(value: number, half = 0): number {
  if (!Number.isFinite(value)) return 50;
  const margin = Math.min(50, Math.max(0, half));
  return Math.round(Math.min(100 - margin, Math.max(margin, value)) * 100) / 100;
}

