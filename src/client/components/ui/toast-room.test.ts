import { describe, expect, it } from 'vitest';
import { toastRoom } from './toast-room';

describe('the room toasts take at the bottom of a phone, which an open dialog keeps out of', () => {
  it('is from the top of the toasts’ area to the bottom of the window', () => {
    // An 86 px toast with the area's 16 px padding above and below, at the bottom of an 844 px window.
    expect(toastRoom({ showing: true, top: 844 - 118, width: 390 }, { width: 390, height: 844 })).toBe(118);
  });

  it('is none without a toast, or where the toasts keep to a corner beside the dialog', () => {
    expect(toastRoom({ showing: false, top: 812, width: 390 }, { width: 390, height: 844 })).toBe(0);
    expect(toastRoom({ showing: true, top: 760, width: 420 }, { width: 1440, height: 900 })).toBe(0);
  });
});
