import { contextSequence } from '../../../shared/ai/context-sequence.ts';
import type { VideoContext } from '../../../shared/schemas/ai.ts';
import type { VisualEffect } from '../../../shared/editor/editor-constants.ts';
import { type ColorGrading, outputDuration } from '../../../shared/editor/editor-state.ts';

/**
 * What the offline engines know about a video, read from its context: the subject of the prompt, its
 * mood, the platform its aspect suits, the length that is really played, and the state of its edits.
 */
export interface VideoFacts {
  /** 'your video' when the title is empty, else the title in curly quotes. */
  titleRef: string;
  /** A short noun phrase from the prompt ('paper boat'), or 'scene' when none is found. */
  subject: string;
  /** The first words of the prompt, lower-cased at the start, for "POV: …" lines. */
  promptGist: string;
  mood: Mood;
  look: MoodLook;
  aspectRatio: string;
  platform: string;
  /** Where platform sounds are added: 'the TikTok, Instagram and YouTube apps' for vertical video. */
  apps: string;
  vertical: boolean;
  /** The clip's length. */
  duration: number;
  /** Seconds actually played: the output's length. */
  playedSeconds: number;
  /** SPEC's trim: the first shot's cut of the clip. */
  trim: { start: number; end: number } | undefined;
  overlays: VideoContext['textOverlays'];
  effect: VisualEffect;
  grade: ColorGrading | undefined;
  gradeIsNeutral: boolean;
  /** Words of the prompt and title worth a hashtag, most specific first. */
  keywords: string[];
}

const MOODS = ['noir', 'nostalgic', 'dreamy', 'energetic', 'warm', 'calm', 'neutral'] as const;
export type Mood = (typeof MOODS)[number];

/** How each mood translates into the editor's tools. */
interface MoodLook {
  /** An adjective for sentences: 'moody', 'nostalgic', … */
  adjective: string;
  effect: Exclude<VisualEffect, 'none'>;
  effectReason: string;
  grade: ColorGrading;
  gradeReason: string;
  music: string;
  /** Clip volume to suggest under a music track, 0..1. */
  volume: number;
}

const MOOD_WORDS: Record<Exclude<Mood, 'neutral'>, string[]> = {
  noir: ['noir', 'detective', 'shadow', 'shadows', 'storm', 'stormy', 'rain', 'rainy', 'thunder', 'dramatic', 'dark', 'mystery', 'gritty', 'moody', 'haunted', 'spooky', 'alley'],
  nostalgic: ['retro', 'vintage', 'nostalgic', 'nostalgia', 'old', 'childhood', 'memory', 'memories', '80s', '90s', '70s', 'film', 'grandma', 'grandpa', 'classic', 'polaroid', 'vinyl', 'antique', 'sepia'],
  dreamy: ['dream', 'dreamy', 'fairy', 'magic', 'magical', 'ethereal', 'mist', 'misty', 'fog', 'foggy', 'cloud', 'clouds', 'soft', 'fantasy', 'floating', 'enchanted', 'glowing', 'fireflies'],
  energetic: ['neon', 'city', 'party', 'dance', 'dancing', 'race', 'racing', 'fast', 'skate', 'skateboard', 'sport', 'sports', 'action', 'explosion', 'festival', 'concert', 'cyberpunk', 'hype', 'speed', 'chase', 'drift'],
  warm: ['sunset', 'golden', 'sunrise', 'autumn', 'desert', 'fire', 'campfire', 'candle', 'coffee', 'warm', 'summer', 'honey', 'bakery', 'cozy'],
  calm: ['calm', 'peaceful', 'serene', 'quiet', 'lake', 'dawn', 'meditation', 'gentle', 'slow', 'tranquil', 'zen', 'morning', 'garden', 'nature', 'forest', 'beach', 'ocean', 'river', 'snow'],
};

const MOOD_LOOKS: Record<Mood, MoodLook> = {
  noir: {
    adjective: 'moody',
    effect: 'grayscale',
    effectReason: 'black and white turns the shadows and contrast into the story',
    grade: { brightness: 95, contrast: 120, saturation: 85 },
    gradeReason: 'deeper shadows and a little less colour make it feel tense',
    music: 'a slow, tense cinematic score or a dark ambient pad',
    volume: 0.4,
  },
  nostalgic: {
    adjective: 'nostalgic',
    effect: 'vintage',
    effectReason: 'the vintage film look sells the memory feeling',
    grade: { brightness: 104, contrast: 92, saturation: 88 },
    gradeReason: 'softer contrast and muted colour read like old film',
    music: 'a warm lo-fi beat or a retro synth track',
    volume: 0.5,
  },
  dreamy: {
    adjective: 'dreamy',
    effect: 'blur',
    effectReason: 'a soft blur gives it a hazy, dream-like glow (keep text overlays on top sharp)',
    grade: { brightness: 108, contrast: 92, saturation: 110 },
    gradeReason: 'lifted brightness and gentle contrast keep it airy',
    music: 'an airy ambient track or soft piano',
    volume: 0.5,
  },
  energetic: {
    adjective: 'high-energy',
    effect: 'vintage',
    effectReason: 'a touch of film texture gives fast footage a stylised edge',
    grade: { brightness: 102, contrast: 114, saturation: 125 },
    gradeReason: 'punchier contrast and colour make the motion pop on a small screen',
    music: 'a punchy electronic or hip-hop track with a clear beat',
    volume: 0.3,
  },
  warm: {
    adjective: 'warm',
    effect: 'sepia',
    effectReason: 'sepia leans into the golden, warm light of the scene',
    grade: { brightness: 105, contrast: 106, saturation: 115 },
    gradeReason: 'a little more warmth and colour makes the light glow',
    music: 'an upbeat acoustic track or a mellow indie song',
    volume: 0.5,
  },
  calm: {
    adjective: 'calm',
    effect: 'vintage',
    effectReason: 'a gentle film look adds texture without breaking the calm',
    grade: { brightness: 104, contrast: 96, saturation: 108 },
    gradeReason: 'slightly brighter and softer keeps it peaceful',
    music: 'soft piano, acoustic guitar or a slow lo-fi beat',
    volume: 0.6,
  },
  neutral: {
    adjective: 'cinematic',
    effect: 'vintage',
    effectReason: 'a subtle film look makes generated footage feel shot, not rendered',
    grade: { brightness: 102, contrast: 110, saturation: 112 },
    gradeReason: 'a touch more contrast and colour helps it stand out in a busy feed',
    music: 'a trending instrumental that matches the pace of the cut',
    volume: 0.5,
  },
};

const STOP_WORDS = new Set([
  'a', 'an', 'the', 'in', 'on', 'at', 'through', 'across', 'over', 'under', 'into', 'onto', 'from', 'with', 'by',
  'near', 'along', 'beneath', 'below', 'above', 'inside', 'outside', 'around', 'during', 'while', 'as', 'and', 'or',
  'that', 'who', 'which', 'to', 'for', 'of', 'is', 'are', 'was', 'its', 'their', 'his', 'her', 'between', 'behind',
  'toward', 'towards', 'past', 'up', 'down', 'off', 'out', 'then', 'after', 'before', 'like', 'this', 'these',
  'very', 'slowly', 'quickly', 'gently', 'softly', 'cinematic', 'shot', 'video', 'clip', 'scene', 'camera',
  'footage', 'style', 'view', 'slow', 'motion', 'close', 'wide', 'lens', 'high', 'low', 'angle', 'drone', 'pov',
  'ultra', 'realistic', 'photorealistic', 'hd', '4k', '8k', 'detailed', 'beautiful', 'epic', 'shallow', 'depth',
  'field', 'light', 'lighting', 'tracking', 'aerial', 'timelapse', 'mm',
]);

/** -ing words that are nouns, not actions, so they may stay in a subject. */
const ING_NOUNS = new Set([
  'building', 'buildings', 'morning', 'evening', 'king', 'ring', 'wing', 'wings', 'thing', 'ceiling', 'painting',
  'spring', 'string', 'swing', 'wedding', 'clothing', 'dumpling', 'dumplings', 'pudding', 'sibling', 'lightning',
  'duckling', 'ducklings', 'earring', 'viking', 'vikings', 'sling', 'sapling', 'offering', 'icing', 'stuffing',
]);

const SHOT_PREFIX =
  /^(?:(?:a|an|the)\s+)?(?:[\p{L}\p{N}-]+\s+){0,4}?(?:shot|view|footage|close-?up|time-?lapse|video|clip|scene|portrait|montage|sequence|pan|flyover|flythrough)\s+(?:of|over|through|following)\s+/iu;
const SUBJECT_BREAK = /^(?:in|on|at|through|across|over|under|into|onto|from|with|by|near|along|beneath|below|above|inside|outside|around|during|while|as|and|or|that|who|which|to|for|of|is|are|between|behind|toward|towards|past|against|amid|among|beside|surrounded)$/;

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** The first noun phrase of the prompt, without articles, camera words or what it is doing. */
export function promptSubject(prompt: string): string {
  const firstClause = prompt.split(/[,.;:!?\n(]/u)[0] ?? '';
  const rest = firstClause.trim().replace(SHOT_PREFIX, '');
  const picked: string[] = [];
  for (const word of words(rest)) {
    if (SUBJECT_BREAK.test(word)) {
      if (picked.length > 0) break;
      continue;
    }
    if (word.endsWith('ing') && word.length > 5 && !ING_NOUNS.has(word)) {
      if (picked.length > 0) break;
      continue;
    }
    if (['a', 'an', 'the', 'some', 'two', 'three', 'lone', 'single'].includes(word) && picked.length === 0) continue;
    if (STOP_WORDS.has(word) && picked.length === 0) continue;
    picked.push(word);
    if (picked.length === 4) break;
  }
  return picked.join(' ');
}

/** Determiners a noun phrase may start with; one of them lets a scene read as a sentence's object. */
const DETERMINER = /^(?:a|an|the|some|two|three|four|five|many|several|my|our|his|her|their|its)\s/i;
const MAX_SCENE_WORDS = 14;

/**
 * The prompt's first clause as a noun phrase a narrator can say ('a paper boat drifting down a rainy street'),
 * without camera words, symbols or digits; '' when there is none or it runs too long to say in one breath.
 */
export function promptScene(prompt: string): string {
  const firstClause = (prompt.split(/[,.;:!?\n(]/u)[0] ?? '').trim().replace(/^cinematic\s+/i, '').replace(SHOT_PREFIX, '');
  // Words with digits ('4k', '1950s') are dropped: each voice spells numbers its own way, and most are camera talk.
  const sayable = firstClause
    .split(/\s+/)
    .filter((token) => !/\d/.test(token))
    .map((token) => token.replace(/[^\p{L}'’-]/gu, ''))
    .filter((token) => /\p{L}/u.test(token));
  if (sayable.length === 0 || sayable.length > MAX_SCENE_WORDS) return '';
  // The clause's capital is the prompt's sentence start; a word in capitals ('NYC') keeps them.
  const said = sayable.join(' ').replace(/^\p{Lu}(?=\p{Ll}|\s)/u, (first) => first.toLowerCase());
  return DETERMINER.test(said) ? said : `the ${said}`;
}

/** The mood the words of a prompt suggest most, 'neutral' when none. */
export function detectMood(text: string): Mood {
  const found = words(text);
  let best: Mood = 'neutral';
  let bestHits = 0;
  for (const mood of MOODS) {
    if (mood === 'neutral') continue;
    const hits = found.filter((word) => MOOD_WORDS[mood].includes(word)).length;
    if (hits > bestHits) {
      best = mood;
      bestHits = hits;
    }
  }
  return best;
}

function platformFor(aspectRatio: string): string {
  if (aspectRatio === '9:16') return 'TikTok, Reels and Shorts';
  if (aspectRatio === '16:9') return 'YouTube and widescreen feeds';
  if (aspectRatio === '1:1') return 'Instagram and Facebook feeds';
  if (aspectRatio === '4:5') return 'the Instagram feed';
  return 'social feeds';
}

/** "8s", "7.5s". */
export function seconds(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}s`;
}

/** At most `max` characters, cut at a word and ended with an ellipsis when shortened. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ') > max / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.replace(/[\s,.;:!?-]+$/u, '')}…`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function keywordsOf(context: VideoContext, subject: string): string[] {
  const subjectWords = words(subject);
  // One tag for the subject: the compound when it is short ('paperboat'), else its head noun ('puppy').
  const compound = subjectWords.join('');
  const subjectTag = compound.length <= 14 ? compound : (subjectWords.at(-1) ?? '');
  const rest = words(`${context.prompt} ${context.title}`).filter((word) => subjectWords.length < 2 || !subjectWords.includes(word));
  const candidates = [subjectTag, ...rest];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const candidate of candidates) {
    const word = candidate.replace(/['’-]/g, '');
    if (word.length < 4 || STOP_WORDS.has(word) || /^\d+$/.test(word) || seen.has(word)) continue;
    if (word.endsWith('ing') && !ING_NOUNS.has(word)) continue;
    seen.add(word);
    result.push(word);
  }
  return result;
}

export function videoFacts(context: VideoContext): VideoFacts {
  const title = context.title.trim();
  const subject = promptSubject(context.prompt) || promptSubject(title) || 'scene';
  const mood = detectMood(`${context.prompt} ${title}`);
  const grade = context.colorGrading;
  const gradeIsNeutral = !grade || (grade.brightness === 100 && grade.contrast === 100 && grade.saturation === 100);
  const gist = clip(context.prompt.trim().replace(SHOT_PREFIX, '').replace(/^cinematic\s+/i, '').replace(/[.!?]+$/u, ''), 60);
  const vertical = context.aspectRatio === '9:16' || context.aspectRatio === '4:5';
  return {
    titleRef: title ? `“${clip(title, 60)}”` : 'your video',
    subject,
    promptGist: gist ? gist.charAt(0).toLowerCase() + gist.slice(1) : subject,
    mood,
    look: MOOD_LOOKS[mood],
    aspectRatio: context.aspectRatio,
    platform: platformFor(context.aspectRatio),
    apps: vertical ? 'the TikTok, Instagram and YouTube apps' : "the platform's own editor",
    vertical,
    duration: context.duration,
    playedSeconds: outputDuration(contextSequence(context)),
    trim: context.trim,
    overlays: context.textOverlays,
    effect: context.visualEffect,
    grade,
    gradeIsNeutral,
    keywords: keywordsOf(context, subject),
  };
}

/** A random pick; `random` returns a number in [0, 1). */
export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.min(items.length - 1, Math.floor(random() * items.length))];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}
