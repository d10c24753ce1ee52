import type { SequenceLayout } from '@shared/editor/time-map';

/** A shot's piece of the video lane: output seconds `start` to `end`, showing its source from `sourceFrom` on. */
export interface ShotTile {
  index: number;
  start: number;
  end: number;
  sourceFrom: number;
  /** Output seconds where the shot's own span starts and ends (a transition's overlap included). */
  spanStart: number;
  spanEnd: number;
}

/**
 * The shots laid side by side on the output timeline, as a lane shows them: where two overlap in a transition,
 * the joint sits at the transition's middle, so the tiles cover the output exactly once.
 */
export function shotTiles(layout: SequenceLayout): ShotTile[] {
  return layout.spans.map((span, index) => {
    const next = layout.spans[index + 1];
    const start = span.start + span.transitionIn / 2;
    return {
      index,
      start,
      end: span.end - (next?.transitionIn ?? 0) / 2,
      sourceFrom: span.in + span.transitionIn / 2,
      spanStart: span.start,
      spanEnd: span.end,
    };
  });
}
