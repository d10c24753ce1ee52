import { VISUAL_EFFECTS, type VisualEffect } from '../editor/editor-constants.ts';
import type { ColorGrading } from '../editor/editor-state.ts';

/**
 * The shape of a suggestion's `example` for each type, written by both text engines (the Gemini
 * adapter asks for exactly these) so auto-apply can read the concrete value back:
 * - text-overlay: the overlay's text itself, e.g. `Wait for the paper boat…`
 * - effect: one effect name, e.g. `vintage`
 * - trim: `start–end` in seconds, e.g. `0.5s–8s`
 * - grade: `brightness 105%, contrast 110%, saturation 115%`
 * - audio: `volume 60%` or `mute`
 */
export const EXAMPLE_FORMATS = {
  'text-overlay': 'the exact overlay text, at most 60 characters',
  effect: `exactly one of: ${VISUAL_EFFECTS.join(', ')}`,
  trim: '"<start>s–<end>s" in seconds within the clip, e.g. "0.5s–8s"',
  grade: '"brightness <n>%, contrast <n>%, saturation <n>%" with values 50–150, e.g. "brightness 105%, contrast 110%, saturation 115%"',
  audio: '"volume <n>%" (0–100) or "mute"',
} as const;

const number = (value: number) => String(Math.round(value * 10) / 10);

export function trimExample(start: number, end: number): string {
  return `${number(start)}s–${number(end)}s`;
}

export function gradeExample(grade: ColorGrading): string {
  return `brightness ${grade.brightness}%, contrast ${grade.contrast}%, saturation ${grade.saturation}%`;
}

export function audioExample(audio: { volume: number; isMuted: boolean }): string {
  return audio.isMuted ? 'mute' : `volume ${Math.round(audio.volume * 100)}%`;
}

/** The first effect name the text mentions. */
export function parseEffectExample(text: string): VisualEffect | undefined {
  const lower = text.toLowerCase();
  const found = VISUAL_EFFECTS.map((effect) => ({ effect, at: lower.search(new RegExp(`\\b${effect}\\b`)) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  if (found) return found.effect;
  if (/\b(black and white|b&w|monochrome)\b/.test(lower)) return 'grayscale';
  return undefined;
}

export function parseTrimExample(text: string): { start: number; end: number } | undefined {
  const match = /(\d+(?:\.\d+)?)\s*s?\s*(?:–|—|-|to)\s*(\d+(?:\.\d+)?)\s*s?/i.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return end > start ? { start, end } : undefined;
}

export function parseGradeExample(text: string): Partial<ColorGrading> {
  const grade: Partial<ColorGrading> = {};
  for (const key of ['brightness', 'contrast', 'saturation'] as const) {
    const match = new RegExp(`${key}\\D{0,12}?(\\d+(?:\\.\\d+)?)\\s*%?`, 'i').exec(text);
    if (match?.[1]) grade[key] = Number(match[1]);
  }
  return grade;
}

export function parseAudioExample(text: string): { volume?: number; isMuted?: boolean } {
  if (/\bmute(d)?\b/i.test(text) && !/\bunmute/i.test(text)) return { isMuted: true };
  const match = /volume\D{0,12}?(\d+(?:\.\d+)?)\s*%/i.exec(text);
  if (!match?.[1]) return {};
  return { volume: Math.min(1, Math.max(0, Number(match[1]) / 100)), isMuted: false };
}
