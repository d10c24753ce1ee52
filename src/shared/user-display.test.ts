import { describe, expect, it } from 'vitest';
import { greeting, greetingName, hasLowCredits } from './user-display.ts';

describe('greetingName', () => {
  it('uses the part of the username before any @', () => {
    expect(greetingName('maya@studio')).toBe('maya');
    expect(greetingName('maya')).toBe('maya');
    expect(greetingName('@maya')).toBe('@maya');
  });
});

describe('greeting', () => {
  it('welcomes a brand-new account, and welcomes back one from an earlier day', () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    expect(greeting({ createdAt: '2026-11-24T11:59:00.000Z' }, now)).toBe('Welcome');
    expect(greeting({ createdAt: '2026-11-22T12:00:00.000Z' }, now)).toBe('Welcome back');
  });
});

describe('hasLowCredits', () => {
  it('warns free users under 12 credits only', () => {
    expect(hasLowCredits({ subscription: 'free', credits: 11 })).toBe(true);
    expect(hasLowCredits({ subscription: 'free', credits: 12 })).toBe(false);
    expect(hasLowCredits({ subscription: 'pro', credits: 0 })).toBe(false);
  });
});
