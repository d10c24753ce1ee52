import { describe, expect, it } from 'vitest';
import { extensionCredits } from '../../shared/schemas/ai.ts';
import { liveProviderVideo, quoteExtension } from './extension-quote.ts';

const now = new Date('2026-11-24T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
const veoCopy = JSON.stringify({ uri: 'https://generativelanguage.googleapis.com/v1beta/files/abc:download?alt=media', expiresAt: inHours(40) });
const veo = { extendVideo: async () => ({}) };
const lastFrameOnly = {};
/** A project of one shot, its own clip ('p') uncut: the output is the clip. */
const untrimmed = (seconds: number) => ({ outputDuration: seconds, lastShot: { mediaId: 'p', out: seconds } });
const clip = { id: 'p', duration: 8, resolution: '720p', providerVideo: veoCopy };

describe('quoteExtension', () => {
  it("uses Veo's extension for a 720p clip Veo made and still keeps: 7 s for 11 credits", () => {
    expect(quoteExtension(untrimmed(8), { id: 'p', duration: 8, resolution: '720p', providerVideo: veoCopy }, veo, 'free', now)).toEqual({
      method: 'veo-extension',
      seconds: 7,
      credits: 11,
    });
  });

  it('extends from the last frame, 8 s for 12 credits, when Veo cannot continue the clip', () => {
    const lastFrame = { method: 'last-frame', seconds: 8, credits: 12 };
    // An upload or offline clip (no provider copy), a 1080p clip, an expired copy, a model without extension, a clip over 141 s.
    expect(quoteExtension(untrimmed(8), { id: 'p', duration: 8, resolution: '720p', providerVideo: null }, veo, 'free', now)).toEqual(lastFrame);
    expect(quoteExtension(untrimmed(8), { id: 'p', duration: 8, resolution: '1080p', providerVideo: veoCopy }, veo, 'free', now)).toEqual(lastFrame);
    const expiring = JSON.stringify({ uri: 'x', expiresAt: inHours(0.25) });
    expect(quoteExtension(untrimmed(8), { id: 'p', duration: 8, resolution: '720p', providerVideo: expiring }, veo, 'free', now)).toEqual(lastFrame);
    expect(quoteExtension(untrimmed(8), { id: 'p', duration: 8, resolution: '720p', providerVideo: veoCopy }, lastFrameOnly, 'free', now)).toEqual(lastFrame);
    expect(quoteExtension(untrimmed(140), { id: 'p', duration: 140, resolution: '720p', providerVideo: null }, veo, 'free', now)).toEqual(lastFrame);
    expect(quoteExtension(untrimmed(142), { id: 'p', duration: 142, resolution: '720p', providerVideo: veoCopy }, veo, 'free', now)?.method).toBe('last-frame');
  });

  it("uses Veo's extension only where the last shot plays the project's clip to its end, with 7 s of room", () => {
    expect(quoteExtension({ outputDuration: 20, lastShot: { mediaId: 'p', out: 7.96 } }, clip, veo, 'free', now)?.method).toBe('veo-extension');
    // The clip cut short, another clip last, or less than Veo's 7 s left before 148 s of output.
    expect(quoteExtension({ outputDuration: 6, lastShot: { mediaId: 'p', out: 6 } }, clip, veo, 'free', now)).toEqual({ method: 'last-frame', seconds: 8, credits: 12 });
    expect(quoteExtension({ outputDuration: 16, lastShot: { mediaId: 'shot-2', out: 8 } }, clip, veo, 'free', now)?.method).toBe('last-frame');
    expect(quoteExtension({ outputDuration: 143, lastShot: { mediaId: 'p', out: 8 } }, clip, veo, 'free', now)).toEqual({ method: 'last-frame', seconds: 5, credits: 8 });
  });

  it('counts the cap on the output, not on the clip', () => {
    expect(quoteExtension({ outputDuration: 148, lastShot: { mediaId: 'shot-9', out: 8 } }, { ...clip, providerVideo: null }, veo, 'free', now)).toBeUndefined();
    expect(quoteExtension({ outputDuration: 30, lastShot: { mediaId: 'p', out: 8 } }, { ...clip, duration: 148, providerVideo: null }, veo, 'free', now)?.seconds).toBe(8);
  });

  it('prices only what is left up to 148 s, is free on Pro, and offers nothing at the maximum', () => {
    expect(quoteExtension(untrimmed(144), { id: 'p', duration: 144, resolution: '720p', providerVideo: null }, veo, 'free', now)).toEqual({
      method: 'last-frame',
      seconds: 4,
      credits: 6,
    });
    expect(quoteExtension(untrimmed(8), { id: 'p', duration: 8, resolution: '720p', providerVideo: veoCopy }, veo, 'pro', now)?.credits).toBe(0);
    expect(quoteExtension(untrimmed(148), { id: 'p', duration: 148, resolution: '720p', providerVideo: null }, veo, 'free', now)).toBeUndefined();
  });

  it('credits follow the seconds: 12 per 8 s, rounded up', () => {
    expect([8, 7, 4, 0.5, 0].map(extensionCredits)).toEqual([12, 11, 6, 1, 0]);
  });

  it('reads a stored provider copy only when it is well-formed and not about to expire', () => {
    expect(liveProviderVideo(veoCopy, now)?.uri).toContain('/files/abc');
    expect(liveProviderVideo('not json', now)).toBeUndefined();
    expect(liveProviderVideo(JSON.stringify({ uri: 5 }), now)).toBeUndefined();
    expect(liveProviderVideo(null, now)).toBeUndefined();
  });
});
