import { describe, expect, it } from 'vitest';
import { type EditorState, type VoiceClip, defaultEditorState } from './editor-state.ts';
import { VOICE_DUCKING, voiceDuckingGainAt, voiceDuckingSpans } from './voice-ducking.ts';

const voice = (overrides: Partial<VoiceClip> = {}): VoiceClip => ({
  id: 'v', lane: 'voice', source: { mediaId: 'vo' }, start: 1, end: 3, sourceIn: 0, sourceOut: 2, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: true,
  ...overrides,
});
const edit = (...voices: VoiceClip[]): EditorState => ({ ...defaultEditorState('clip', 10), audioClips: voices });
const db = (gain: number) => 20 * Math.log10(gain);

describe('ducking under the voice', () => {
  it('holds the whole depth while the voice speaks, ramps in before it and out after it, and is 1 elsewhere', () => {
    const spans = voiceDuckingSpans(edit(voice()), 10, 'music');
    expect(spans).toEqual([{ from: 1, to: 3 }]);
    expect(voiceDuckingGainAt(spans, 0.5)).toBe(1);
    expect(db(voiceDuckingGainAt(spans, 1 - VOICE_DUCKING.attackSeconds / 2))).toBeCloseTo(-VOICE_DUCKING.depthDb / 2, 6);
    expect(db(voiceDuckingGainAt(spans, 2))).toBeCloseTo(-VOICE_DUCKING.depthDb, 6);
    expect(db(voiceDuckingGainAt(spans, 3 + VOICE_DUCKING.releaseSeconds / 4))).toBeCloseTo((-VOICE_DUCKING.depthDb * 3) / 4, 6);
    expect(voiceDuckingGainAt(spans, 3 + VOICE_DUCKING.releaseSeconds)).toBe(1);
  });

  it('holds through a pause shorter than a release and an attack; lowers the shots only under a voice whose duck is on', () => {
    const close = voice({ id: 'w', start: 3.3, end: 4, sourceOut: 0.7 });
    expect(voiceDuckingSpans(edit(voice(), close), 10, 'music')).toEqual([{ from: 1, to: 4 }]);
    expect(voiceDuckingSpans(edit(voice(), voice({ id: 'w', start: 5, end: 6, sourceOut: 1 })), 10, 'music')).toHaveLength(2);
    expect(voiceDuckingSpans(edit(voice({ duck: false })), 10, 'shots')).toEqual([]);
    expect(voiceDuckingSpans(edit(voice({ duck: false })), 10, 'music')).toEqual([{ from: 1, to: 3 }]);
    // A silent voice lowers nothing; a voice stops where its recording does and where the output does.
    expect(voiceDuckingSpans(edit(voice({ volume: 0 })), 10, 'music')).toEqual([]);
    expect(voiceDuckingSpans(edit(voice()), 10, 'music', () => 1.5)).toEqual([{ from: 1, to: 2.5 }]);
    expect(voiceDuckingSpans(edit(voice()), 2, 'music')).toEqual([{ from: 1, to: 2 }]);
  });
});
