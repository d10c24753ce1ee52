/** Editor constants of SPEC §5 and §9. */

/** The eight fonts, by the family name the UI shows. 'Impact' is served from Anton's file (DESIGN §5 Fonts). */
export const FONT_FAMILIES = [
  'Impact',
  'Anton',
  'Bebas Neue',
  'Lobster',
  'Oswald',
  'Roboto Condensed',
  'Montserrat',
  'Permanent Marker',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const TEXT_COLOR_PRESETS = [
  { name: 'White', value: '#FFFFFF' },
  { name: 'Black', value: '#000000' },
  { name: 'Gold', value: '#FFD700' },
  { name: 'Red', value: '#EF4444' },
  { name: 'Blue', value: '#3B82F6' },
  { name: 'Green', value: '#22C55E' },
  { name: 'Pink', value: '#EC4899' },
  { name: 'Purple', value: '#A855F7' },
] as const;

export const OUTLINE_COLOR_PRESETS = [
  { name: 'Black', value: '#000000' },
  { name: 'White', value: '#FFFFFF' },
  { name: 'Red', value: '#EF4444' },
  { name: 'Blue', value: '#3B82F6' },
] as const;

export const VISUAL_EFFECTS = ['none', 'grayscale', 'sepia', 'vintage', 'blur'] as const;
export type VisualEffect = (typeof VISUAL_EFFECTS)[number];

export const TEXT_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type TextAlign = (typeof TEXT_ALIGNMENTS)[number];

export const PLAYBACK_SPEEDS = [0.5, 1, 1.5, 2] as const;
/** One frame, for frame stepping (SPEC §9). */
export const FRAME_SECONDS = 1 / 30;

/** Slider ranges (SPEC §5). */
export const RANGES = {
  fontSize: { min: 12, max: 120, step: 2 },
  lineHeight: { min: 1, max: 2.5, step: 0.1 },
  outlineThickness: { min: 0, max: 10, step: 1 },
  grade: { min: 0, max: 200, step: 1 },
  volume: { min: 0, max: 1, step: 0.01 },
  /** The widest a line of an overlay may be before it wraps, in percent of the frame's width. */
  boxWidth: { min: 10, max: 100, step: 1 },
  /** Seconds an entrance or exit animation takes. */
  animationDuration: { min: 0.1, max: 3, step: 0.1 },
  /** Seconds a music fade in or out takes. */
  musicFade: { min: 0, max: 10, step: 0.1 },
  /** Seconds a transition between two shots takes (at most half of either neighbour, time-map.ts). */
  transitionDuration: { min: 0.2, max: 2, step: 0.1 },
} as const;

/** How a shot comes in from the one before it (editor document version 4). */
export const TRANSITION_KINDS = ['cut', 'crossfade', 'fade-black', 'slide-left', 'slide-up', 'zoom'] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];
export const DEFAULT_TRANSITION_SECONDS = 0.5;

/** A sequence holds at most this many shots and audio clips: bounds the export's inputs (one ffmpeg run). */
export const MAX_SHOTS = 40;
export const SEQUENCE_FULL_MESSAGE = `A video holds at most ${MAX_SHOTS} shots`;
export const MAX_AUDIO_CLIPS = 20;
/**
 * The longest a sequence's output may run, saved or exported (decision 052): TikTok's upload API takes 10 minutes,
 * Shorts 3, Reels 15; captions are made from at most 10 minutes of sound.
 */
export const MAX_OUTPUT_SECONDS = 600;

/** How a text overlay comes in and goes out (each with its own duration). */
export const TEXT_ANIMATIONS = ['none', 'fade', 'pop', 'slide-up', 'typewriter'] as const;
export type TextAnimationKind = (typeof TEXT_ANIMATIONS)[number];

/** The saved edit's shape; the projects' codec upgrades every older document to it. */
export const EDITOR_DOCUMENT_VERSION = 6;
/** An overlay is on screen for at least this long (one frame at 10 fps: a bar the timeline can still grab). */
export const MIN_OVERLAY_SECONDS = 0.1;
/** A new overlay's box: 80 % of the frame's width, so text wraps with a margin on each side. */
export const DEFAULT_BOX_WIDTH = 80;
export const DEFAULT_ANIMATION_SECONDS = 0.5;

export const MAX_OVERLAYS = 50;
export const MAX_OVERLAY_TEXT = 500;
/** Typed lines of one overlay: a caption of more lines is no longer read on a phone. */
export const MAX_OVERLAY_LINES = 10;

/** The shortest piece of music the timeline places or cuts from a track, in seconds. */
export const MIN_MUSIC_SECONDS = 0.5;
/** A newly placed track's level beside the clip's own sound, and its fade out. */
export const DEFAULT_MUSIC_VOLUME = 0.6;
export const DEFAULT_MUSIC_FADE_OUT_SECONDS = 1;
