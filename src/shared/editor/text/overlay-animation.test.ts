import { describe, expect, it } from 'vitest';
import { newTextOverlay, type TextAnimation, type TextOverlay } from '../editor-state.ts';
import { POP_FROM_SCALE, SLIDE_DISTANCE, animationSeconds, overlayAppearance } from './overlay-animation.ts';

function overlay(enter: TextAnimation['kind'], exit: TextAnimation['kind'], changes: Partial<TextOverlay> = {}): TextOverlay {
  return { ...newTextOverlay('o1', 10), start: 2, end: 6, enter: { kind: enter, duration: 1 }, exit: { kind: exit, duration: 1 }, ...changes };
}

const STEADY = { visible: true, opacity: 1, scale: 1, offsetY: 0, revealed: 1 };

describe('overlayAppearance', () => {
  it('shows an overlay only from its start (included) to its end (excluded)', () => {
    const still = overlay('none', 'none');
    expect(overlayAppearance(still, 1.999).visible).toBe(false);
    expect(overlayAppearance(still, 2)).toEqual(STEADY);
    expect(overlayAppearance(still, 5.999)).toEqual(STEADY);
    expect(overlayAppearance(still, 6).visible).toBe(false);
  });

  it('fades in over the entrance and out over the exit', () => {
    const fade = overlay('fade', 'fade');
    expect(overlayAppearance(fade, 2).opacity).toBe(0);
    expect(overlayAppearance(fade, 2.5).opacity).toBeCloseTo(0.5, 9);
    expect(overlayAppearance(fade, 3)).toEqual(STEADY);
    expect(overlayAppearance(fade, 5)).toEqual(STEADY);
    expect(overlayAppearance(fade, 5.5).opacity).toBeCloseTo(0.5, 9);
    expect(overlayAppearance(fade, 5.999).opacity).toBeCloseTo(0.001, 6);
  });

  it('pops from a smaller size, fading in during its first part, and shrinks away on exit', () => {
    const pop = overlay('pop', 'pop');
    expect(overlayAppearance(pop, 2)).toMatchObject({ scale: POP_FROM_SCALE, opacity: 0 });
    const middle = overlayAppearance(pop, 2.5);
    expect(middle.opacity).toBe(1);
    expect(middle.scale).toBeGreaterThan(POP_FROM_SCALE + (1 - POP_FROM_SCALE) / 2);
    expect(middle.scale).toBeLessThan(1);
    expect(overlayAppearance(pop, 3)).toEqual(STEADY);
    expect(overlayAppearance(pop, 5)).toEqual(STEADY);
    expect(overlayAppearance(pop, 5.5).scale).toBeCloseTo(middle.scale, 9);
    expect(overlayAppearance(pop, 5.999).scale).toBeCloseTo(POP_FROM_SCALE, 2);
  });

  it('slides up from below into place and leaves upwards', () => {
    const slide = overlay('slide-up', 'slide-up');
    expect(overlayAppearance(slide, 2)).toMatchObject({ offsetY: SLIDE_DISTANCE, opacity: 0 });
    const entering = overlayAppearance(slide, 2.5);
    expect(entering.offsetY).toBeGreaterThan(0);
    expect(entering.offsetY).toBeLessThan(SLIDE_DISTANCE / 2);
    expect(entering.opacity).toBeCloseTo(0.5, 9);
    expect(overlayAppearance(slide, 3)).toEqual(STEADY);
    expect(overlayAppearance(slide, 5)).toEqual(STEADY);
    expect(overlayAppearance(slide, 5.5).offsetY).toBeCloseTo(-entering.offsetY, 9);
    expect(overlayAppearance(slide, 5.999).offsetY).toBeCloseTo(-SLIDE_DISTANCE, 3);
  });

  it('types the text in and erases it on exit', () => {
    const typewriter = overlay('typewriter', 'typewriter');
    expect(overlayAppearance(typewriter, 2)).toMatchObject({ revealed: 0, opacity: 1 });
    expect(overlayAppearance(typewriter, 2.5).revealed).toBeCloseTo(0.5, 9);
    expect(overlayAppearance(typewriter, 3)).toEqual(STEADY);
    expect(overlayAppearance(typewriter, 5)).toEqual(STEADY);
    expect(overlayAppearance(typewriter, 5.5).revealed).toBeCloseTo(0.5, 9);
    expect(overlayAppearance(typewriter, 5.999).revealed).toBeCloseTo(0.001, 6);
  });

  it('shortens entrance and exit in proportion when they do not fit the time on screen', () => {
    const short = overlay('fade', 'fade', { start: 1, end: 2, enter: { kind: 'fade', duration: 1.5 }, exit: { kind: 'fade', duration: 0.5 } });
    expect(animationSeconds(short)).toEqual({ enter: 0.75, exit: 0.25 });
    expect(overlayAppearance(short, 1.375).opacity).toBeCloseTo(0.5, 9);
    expect(overlayAppearance(short, 1.75).opacity).toBeCloseTo(1, 9);
    expect(overlayAppearance(short, 1.875).opacity).toBeCloseTo(0.5, 9);
  });

  it('gives an animation of kind none no time', () => {
    expect(animationSeconds(overlay('none', 'fade'))).toEqual({ enter: 0, exit: 1 });
    expect(overlayAppearance(overlay('none', 'fade'), 2)).toEqual(STEADY);
  });
});
