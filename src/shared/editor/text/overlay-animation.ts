import type { TextAnimation, TextOverlay } from '../editor-state.ts';

export interface OverlayAppearance {
  visible: boolean;
  /** 0..1, the whole overlay as one layer. */
  opacity: number;
  /** Around the text box's centre; 1 is its laid-out size. */
  scale: number;
  /** Fraction of the frame's height the overlay is moved by; + is down. */
  offsetY: number;
  /** 0..1 of the overlay's graphemes shown (typewriter), counted from the first. */
  revealed: number;
}

/** Pop grows from this scale to 1 (and shrinks back on exit); it never overshoots, so it stays inside the box. */
export const POP_FROM_SCALE = 0.6;
/** Pop fades in over this first part of its time. */
const POP_FADE_PART = 0.4;
/** Slide up rises through this fraction of the frame's height (from below on entry, above on exit). */
export const SLIDE_DISTANCE = 0.05;

const HIDDEN: OverlayAppearance = { visible: false, opacity: 0, scale: 1, offsetY: 0, revealed: 0 };
const STEADY: Omit<OverlayAppearance, 'visible'> = { opacity: 1, scale: 1, offsetY: 0, revealed: 1 };

/** Fast start, gentle landing: 1 - (1 - p)^3. */
function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * How long the entrance and exit run: their durations, both shortened in proportion when together
 * they are longer than the overlay is on screen. An animation of kind 'none' takes no time.
 */
export function animationSeconds(overlay: Pick<TextOverlay, 'start' | 'end' | 'enter' | 'exit'>): { enter: number; exit: number } {
  const enter = overlay.enter.kind === 'none' ? 0 : overlay.enter.duration;
  const exit = overlay.exit.kind === 'none' ? 0 : overlay.exit.duration;
  const shown = Math.max(0, overlay.end - overlay.start);
  const factor = enter + exit > shown ? shown / (enter + exit) : 1;
  return { enter: enter * factor, exit: exit * factor };
}

/**
 * One animation at `presence` (0: not there yet / gone, 1: in place). Exact curves:
 * fade — opacity = p; pop — scale = 0.6 + 0.4 x easeOutCubic(p), opacity = min(1, p / 0.4);
 * slide-up — offset = 5 % of the frame's height x (1 - easeOutCubic(p)), below the place on entry and
 * above it on exit, opacity = p; typewriter — revealed = p.
 */
function animate(kind: TextAnimation['kind'], presence: number, direction: 1 | -1): Omit<OverlayAppearance, 'visible'> {
  switch (kind) {
    case 'none':
      return STEADY;
    case 'fade':
      return { ...STEADY, opacity: presence };
    case 'pop':
      return { ...STEADY, opacity: clamp01(presence / POP_FADE_PART), scale: POP_FROM_SCALE + (1 - POP_FROM_SCALE) * easeOutCubic(presence) };
    case 'slide-up':
      return { ...STEADY, opacity: presence, offsetY: direction * SLIDE_DISTANCE * (1 - easeOutCubic(presence)) };
    case 'typewriter':
      return { ...STEADY, revealed: presence };
  }
}

/**
 * How an overlay looks at `t` seconds of the output: shown iff start <= t < end; the entrance runs
 * over its first seconds, the exit over its last (animationSeconds), and both combine when they meet.
 */
export function overlayAppearance(overlay: TextOverlay, t: number): OverlayAppearance {
  if (!(t >= overlay.start && t < overlay.end)) return HIDDEN;
  const seconds = animationSeconds(overlay);
  const entering = seconds.enter > 0 ? clamp01((t - overlay.start) / seconds.enter) : 1;
  const leaving = seconds.exit > 0 ? clamp01((overlay.end - t) / seconds.exit) : 1;
  const enter = animate(overlay.enter.kind, entering, 1);
  const exit = animate(overlay.exit.kind, leaving, -1);
  return {
    visible: true,
    opacity: enter.opacity * exit.opacity,
    scale: enter.scale * exit.scale,
    offsetY: enter.offsetY + exit.offsetY,
    revealed: Math.min(enter.revealed, exit.revealed),
  };
}
