import { describe, expect, it } from 'vitest';
import type { MediaAsset } from '@shared/schemas/media';
import { binClips, binClipTitle, importableClipTitle, inSequenceLabel, isMaking, leftOutNote, pendingOutcome, shotOffer, shotsPerClip } from './add-shot';

const asset = (overrides: Partial<MediaAsset>): MediaAsset => ({
  id: 'a',
  kind: 'video',
  origin: 'generated',
  status: 'ready',
  duration: 4.04,
  width: 720,
  height: 1280,
  hasAudio: true,
  videoUrl: '/api/media/a/video?v=1',
  posterUrl: '/api/media/a/poster?v=1',
  ...overrides,
});

const TOO_LONG = 'A video can be at most 10 minutes long; with this shot the sequence would run 10:04. Trim or remove shots.';

describe('adding a shot', () => {
  it('prices a shot pro rata for free users against their balance, and free for Pro', () => {
    expect(shotOffer({ subscription: 'free', credits: 200 }, 8)).toEqual({ price: '12 credits', balance: '200 credits', affordable: true, credits: 12 });
    expect(shotOffer({ subscription: 'free', credits: 8 }, 6)).toMatchObject({ price: '9 credits', affordable: false });
    expect(shotOffer({ subscription: 'free', credits: 6 }, 4)).toMatchObject({ price: '6 credits', affordable: true });
    expect(shotOffer({ subscription: 'pro', credits: 0 }, 8)).toEqual({ price: 'Free on Pro', balance: 'Unlimited', affordable: true, credits: 0 });
    // The balance still loading: nothing is offered yet.
    expect(shotOffer(null, 8)).toMatchObject({ balance: '…', affordable: false });
  });

  it('waits for a clip until the media list says it is ready (with its real length) or why it failed', () => {
    expect(pendingOutcome(undefined, 'a')).toEqual({ state: 'waiting' });
    expect(pendingOutcome([asset({ id: 'b' })], 'a')).toEqual({ state: 'waiting' });
    expect(pendingOutcome([asset({ status: 'generating', videoUrl: null })], 'a')).toEqual({ state: 'waiting' });
    expect(pendingOutcome([asset({})], 'a')).toEqual({ state: 'ready', seconds: 4.04 });
    expect(pendingOutcome([asset({ status: 'error', message: 'This prompt was blocked by the safety filter.', videoUrl: null })], 'a')).toEqual({
      state: 'failed',
      message: 'This prompt was blocked by the safety filter.',
    });
    expect(pendingOutcome([asset({ status: 'error', videoUrl: null })], 'a')).toEqual({ state: 'failed', message: 'The clip could not be made.' });
  });

  it('says why a clip ready but left out of the sequence is not in it: while waiting for it, and in the bin until a shot shows it', () => {
    const leftOut = asset({ sequence: { afterShotId: null, placed: null, notPlaced: TOO_LONG } });
    expect(pendingOutcome([leftOut], 'a')).toEqual({ state: 'left-out', message: TOO_LONG });
    expect(pendingOutcome([asset({ sequence: { afterShotId: null, placed: 1 } })], 'a')).toEqual({ state: 'ready', seconds: 4.04 });
    expect(leftOutNote(leftOut, 0)).toBe(`Not added to the sequence: ${TOO_LONG}`);
    // The creator made room and added it from the bin: nothing more to say.
    expect(leftOutNote(leftOut, 1)).toBeNull();
    expect(leftOutNote(asset({}), 0)).toBeNull();
  });

  it('shows the bin’s videos ready or being made, and polls only while one is being made', () => {
    const media = [asset({ id: 'p' }), asset({ id: 'g', status: 'generating' }), asset({ id: 'e', status: 'error' }), asset({ id: 'v', kind: 'audio' })];
    expect(binClips(media).map((clip) => clip.id)).toEqual(['p', 'g']);
    expect(isMaking(media)).toBe(true);
    expect(isMaking([asset({})])).toBe(false);
    expect(isMaking(undefined)).toBe(false);
  });

  it('names each clip for its Add button', () => {
    expect(binClipTitle(asset({ id: 'project-1' }), 'project-1', 1)).toBe('Original clip');
    expect(binClipTitle(asset({ prompt: 'The boat   leaves\nthe harbour' }), 'project-1', 2)).toBe('The boat leaves the harbour');
    expect(binClipTitle(asset({ origin: 'uploaded' }), 'project-1', 3)).toBe('Uploaded clip 3');
    // Issue 42.17: an upload keeps its file's name.
    expect(binClipTitle(asset({ origin: 'uploaded', title: 'Harbour at dawn' }), 'project-1', 3)).toBe('Harbour at dawn');
    expect(binClipTitle(asset({ prompt: 'x'.repeat(80) }), 'project-1', 2)).toHaveLength(60);
    const clip = { id: 'p2', projectId: 'p2', projectTitle: 'Harbour', origin: 'generated' as const };
    expect(importableClipTitle(clip)).toBe('Harbour');
    expect(importableClipTitle({ ...clip, id: 's1', prompt: 'Out to sea' })).toBe('Harbour: Out to sea');
    expect(importableClipTitle({ ...clip, id: 's2', origin: 'uploaded' })).toBe('Harbour: Uploaded clip');
    expect(importableClipTitle({ ...clip, id: 's3', origin: 'uploaded', title: 'Pier at noon' })).toBe('Harbour: Pier at noon');
  });

  // Issue 42.17: the bin marks the clips the sequence already shows.
  it('marks each clip by the number of shots that show it', () => {
    const counts = shotsPerClip([{ mediaId: 'p' }, { mediaId: 'u' }, { mediaId: 'p' }]);
    expect(inSequenceLabel(counts.get('p') ?? 0)).toBe('In 2 shots');
    expect(inSequenceLabel(counts.get('u') ?? 0)).toBe('In the sequence');
    expect(inSequenceLabel(counts.get('g') ?? 0)).toBeNull();
  });
});
