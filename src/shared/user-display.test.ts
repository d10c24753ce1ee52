import { describe, expect, it } from 'vitest';
import { greetingName, hasLowCredits } from './user-display.ts';

describe('greetingName', () => {
  it('uses the part of the username before any @', () => {
    expect(greetingName('maya@studio')).toBe('maya');
    expect(greetingName('maya')).toBe('maya');
    expect(greetingName('@maya')).toBe('@maya');
  });
});

describe('hasLowCredits', () => {
  it('warns free users under 12 credits only', () => {
    expect(hasLowCredits({ subscription: 'free', credits: 11 })).toBe(true);
    expect(hasLowCredits({ subscription: 'free', credits: 12 })).toBe(false);
    expect(hasLowCredits({ subscription: 'pro', credits: 0 })).toBe(false);
  });
});
