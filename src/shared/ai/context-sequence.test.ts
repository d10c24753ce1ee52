import { describe, expect, it } from 'vitest';
import { editorStateSchema, newTextOverlay, outputDuration } from '../editor/editor-state.ts';
import { sequenceSound } from '../editor/sequence-controls.ts';
import { videoContextSchema } from '../schemas/ai.ts';
import { contextSequence } from './context-sequence.ts';

const context = (fields: object) => videoContextSchema.parse({ title: 'Skate', prompt: 'A skater at sunset', aspectRatio: '9:16', duration: 16, ...fields });

describe('the sequence a videoContext describes', () => {
  it('is one shot of the clip cut at the trim, with the context’s sound and edits', () => {
    const overlay = newTextOverlay('hook', 8);
    const grade = { brightness: 110, contrast: 100, saturation: 90 };
    const sequence = contextSequence(
      context({ trim: { start: 1, end: 9 }, audio: { volume: 0.4, isMuted: true }, textOverlays: [overlay], visualEffect: 'sepia', colorGrading: grade }),
    );
    expect(sequence.shots).toEqual([expect.objectContaining({ in: 1, out: 9 })]);
    expect(outputDuration(sequence)).toBe(8);
    expect(sequenceSound(sequence)).toEqual({ volume: 0.4, muted: true });
    expect(sequence).toMatchObject({ textOverlays: [overlay], visualEffect: 'sepia', colorGrading: grade, audioClips: [] });
    expect(editorStateSchema.safeParse(sequence).success).toBe(true);
  });

  it('is the whole clip, untouched, where the context says nothing', () => {
    const sequence = contextSequence(context({}));
    expect(sequence.shots).toEqual([expect.objectContaining({ in: 0, out: 16, volume: 1, muted: false })]);
    expect(sequence.colorGrading).toEqual({ brightness: 100, contrast: 100, saturation: 100 });
  });
});
