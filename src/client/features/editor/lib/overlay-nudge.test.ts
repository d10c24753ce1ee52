import { describe, expect, it } from 'vitest';
import { overlayNudge } from './overlay-nudge';

const none = { shiftKey: false, ctrlKey: false, metaKey: false, altKey: false };

describe('moving a focused overlay with the arrow keys', () => {
  it('moves it 1 % of the frame per press, 10 % with Shift, each arrow its own way', () => {
    expect(overlayNudge('ArrowLeft', none)).toEqual({ dx: -1, dy: 0 });
    expect(overlayNudge('ArrowRight', none)).toEqual({ dx: 1, dy: 0 });
    expect(overlayNudge('ArrowUp', none)).toEqual({ dx: 0, dy: -1 });
    expect(overlayNudge('ArrowDown', { ...none, shiftKey: true })).toEqual({ dx: 0, dy: 10 });
  });

  it('leaves other keys and the arrows with Ctrl, Cmd or Alt to their usual meaning', () => {
    expect(overlayNudge('Enter', none)).toBeNull();
    expect(overlayNudge('ArrowLeft', { ...none, ctrlKey: true })).toBeNull();
    expect(overlayNudge('ArrowUp', { ...none, metaKey: true })).toBeNull();
    expect(overlayNudge('ArrowDown', { ...none, altKey: true })).toBeNull();
  });
});
