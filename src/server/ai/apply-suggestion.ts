import {
  parseAudioExample,
  parseEffectExample,
  parseGradeExample,
  parseTrimExample,
} from '../../shared/ai/suggestion-examples.ts';
import { MIN_OVERLAY_SECONDS, RANGES, type VisualEffect } from '../../shared/editor/editor-constants.ts';
import { type EditorState, type Shot, clampToRange, clampTrim, newTextOverlay, outputDuration, roundSeconds } from '../../shared/editor/editor-state.ts';
import { freeOverlayY } from '../../shared/editor/overlay-place.ts';
import { firstShot, withSequenceSound, withTrim } from '../../shared/editor/sequence-controls.ts';
import type { Suggestion } from '../../shared/schemas/ai.ts';

/** Suggested text is big and heavily outlined; a hook sits in the top third, where short-video viewers look first. */
const HOOK_STYLE = { fontSize: 64, outline: { color: '#000000', thickness: 6 } };
const HOOK_MAX_CHARS = 40;
/** Heights (percent of the frame) a suggestion's words name: the lower third stays above the platforms' captions. */
const TOP_Y = 22;
const MIDDLE_Y = 50;
const LOWER_THIRD_Y = 72;
/** How long an opening hook or a closing call to action shows, at most. */
const MOMENT_SECONDS = 3;

const allText = (suggestion: Suggestion) => `${suggestion.title} ${suggestion.description} ${suggestion.example ?? ''}`;

function hookText(suggestion: Suggestion, title: string): string {
  const quoted = /["“']([^"”']{3,60})["”']/.exec(suggestion.description)?.[1];
  const text = (suggestion.example ?? quoted ?? title).trim().toUpperCase();
  return text.length > HOOK_MAX_CHARS ? `${text.slice(0, HOOK_MAX_CHARS - 1).trimEnd()}…` : text;
}

/**
 * Where and when a suggested text shows, as its words say (issue 25.10): "lower third", "middle", else the top;
 * "first 3 seconds", "last 2 seconds", an opening ("open with", "in the first second"), an ending or a
 * call to action, else the whole edit.
 */
function textPlacement(suggestion: Suggestion, outputSeconds: number): { y: number; start: number; end: number } {
  // The example is the text itself ("Watch till the end"): where and when come from what the tip says.
  const words = `${suggestion.title} ${suggestion.description}`;
  const y = /lower third|bottom|lower part/i.test(words) ? LOWER_THIRD_Y : /\b(middle|cent(?:er|re))\b/i.test(words) ? MIDDLE_Y : TOP_Y;
  const moment = Math.min(MOMENT_SECONDS, outputSeconds);
  const seconds = (match: RegExpExecArray | null) => Math.min(outputSeconds, Math.max(0.5, Number(match?.[1])));
  const first = /first (\d+(?:\.\d+)?)\s*(?:s\b|sec)/i.exec(words);
  const last = /(?:last|final) (\d+(?:\.\d+)?)\s*(?:s\b|sec)/i.exec(words);
  if (first) return { y, start: 0, end: seconds(first) };
  if (last) return { y, start: outputSeconds - seconds(last), end: outputSeconds };
  if (/\b(end|ending|outro|finale|call to action|cta|follow for)\b/i.test(words)) return { y, start: outputSeconds - moment, end: outputSeconds };
  if (/\b(open with|opening|intro|at the start|beginning|first second|first few seconds)\b/i.test(words)) return { y, start: 0, end: moment };
  return { y, start: 0, end: outputSeconds };
}

function chooseEffect(suggestion: Suggestion, current: VisualEffect): VisualEffect {
  const named = parseEffectExample(suggestion.example ?? '') ?? parseEffectExample(allText(suggestion));
  const byMood = /sepia|old photo|antique/i.test(allText(suggestion))
    ? 'sepia'
    : /retro|film|nostalg/i.test(allText(suggestion))
      ? 'vintage'
      : /dreamy|soft focus/i.test(allText(suggestion))
        ? 'blur'
        : undefined;
  return named ?? byMood ?? (current === 'none' ? 'vintage' : current);
}

/** The hook shot's new cut (In and Out, seconds into its clip, which is `duration` s long). */
function chooseTrim(suggestion: Suggestion, hook: Shot, duration: number) {
  const range = parseTrimExample(suggestion.example ?? '');
  if (range) return clampTrim(range, duration);
  const seconds = /(\d+(?:\.\d+)?)\s*(?:s\b|sec|second)/i.exec(suggestion.description)?.[1];
  const length = seconds ? Number(seconds) : Math.min(duration, 15);
  if (length < duration) return clampTrim({ start: 0, end: length }, duration);
  // The whole clip is already short: cut the first beat, where most clips start slow.
  return clampTrim({ start: Math.min(0.5, duration / 10), end: hook.out }, duration);
}

function chooseGrade(suggestion: Suggestion) {
  const named = parseGradeExample(suggestion.example ?? '');
  const warm = /warm|golden|sunny/i.test(suggestion.description);
  const moody = /moody|dark|cinematic/i.test(suggestion.description);
  const fallback = { brightness: moody ? 92 : 105, contrast: moody ? 125 : 115, saturation: warm ? 130 : moody ? 85 : 120 };
  const grade = { ...fallback, ...named };
  return {
    brightness: clampToRange(grade.brightness, RANGES.grade),
    contrast: clampToRange(grade.contrast, RANGES.grade),
    saturation: clampToRange(grade.saturation, RANGES.grade),
  };
}

/** The shots' sound to set; muting leaves each shot's volume as it is. */
function chooseAudio(suggestion: Suggestion): { volume?: number; muted: boolean } {
  const named = parseAudioExample(suggestion.example ?? '');
  if (named.isMuted) return { muted: true };
  if (named.volume !== undefined) return { volume: clampToRange(named.volume, RANGES.volume), muted: false };
  if (/\bmute|silen/i.test(suggestion.description)) return { muted: true };
  return { volume: /lower|quiet|background|soft/i.test(suggestion.description) ? 0.6 : 0.8, muted: false };
}

/** What a suggestion is applied to besides the edit: the title, and the length of each clip the shots cut. */
interface SuggestedVideo {
  title: string;
  /** Seconds: the length of a clip not named in `clips` (the project's own, or a context's one clip). */
  duration: number;
  /** The length of other clips the shots cut, by media id. */
  clips?: Readonly<Record<string, number>>;
}

/** The length of the clip a shot cuts: each shot is held to its own. */
function clipSeconds(video: SuggestedVideo, shot: Shot): number {
  return video.clips && Object.hasOwn(video.clips, shot.mediaId) ? video.clips[shot.mediaId]! : video.duration;
}

/**
 * Carries out a suggestion on an editor state by rule (not by asking a model), so the preview and
 * the export render the result the same way. The concrete value comes from the suggestion's
 * `example` (formats in shared/ai/suggestion-examples.ts), else from its wording. Every value it
 * picks is within the editor's ranges; whether the whole state may be saved (an overlay beyond the
 * limit, a cut the input already had past its clip) is the save path's rule.
 */
export function applySuggestion(
  suggestion: Suggestion,
  state: EditorState,
  video: SuggestedVideo,
  newId: () => string,
): EditorState {
  const next: EditorState = structuredClone(state);
  switch (suggestion.type) {
    case 'text-overlay': {
      const text = hookText(suggestion, video.title);
      if (!next.textOverlays.some((overlay) => overlay.text === text)) {
        const placement = textPlacement(suggestion, outputDuration(state));
        const start = roundSeconds(placement.start);
        const end = Math.max(roundSeconds(placement.end), start + MIN_OVERLAY_SECONDS);
        const y = placement.y;
        // Never over a text already there at the same time: the nearest free height instead.
        const position = { x: 50, y: freeOverlayY(next.textOverlays, { prefer: y, during: { start, end } }) };
        next.textOverlays.push({ ...newTextOverlay(newId(), outputDuration(state)), ...HOOK_STYLE, position, start, end, text });
      }
      break;
    }
    case 'effect':
      next.visualEffect = chooseEffect(suggestion, state.visualEffect);
      break;
    case 'trim':
      // As the editor's trim: the first shot (the hook), cut within its own clip.
      next.shots = withTrim(next.shots, chooseTrim(suggestion, firstShot(next), clipSeconds(video, firstShot(next))));
      break;
    case 'grade':
      next.colorGrading = chooseGrade(suggestion);
      break;
    case 'audio':
      next.shots = withSequenceSound(next.shots, chooseAudio(suggestion));
      break;
  }
  return next;
}
