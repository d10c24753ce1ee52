import type { TransitionKind } from '@shared/editor/editor-constants';
import { frameAt, type SequenceLayout } from '@shared/editor/time-map';

/** How one shot's <video> is drawn over the black frame: its opacity and CSS transform, and its share of its volume. */
export interface LayerLook {
  opacity: number;
  transform: string;
  gain: number;
}

/** What a shot's <video> does at an output time. */
export interface ShotPlan {
  index: number;
  /** `shown` is drawn on top; `outgoing` under it during a transition; `next` waits, hidden, on its first frame. */
  role: 'shown' | 'outgoing' | 'next';
  /** The second of its source it should show. */
  sourceTime: number;
  look: LayerLook;
}

const FULL: LayerLook = { opacity: 1, transform: 'none', gain: 1 };
const HIDDEN: LayerLook = { opacity: 0, transform: 'none', gain: 0 };
/** A zoom never magnifies further than this: past it the layer is one colour anyway. */
const MAX_ZOOM = 50;

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/**
 * The two layers of a transition `progress` (0 to 1) of the way through, the incoming drawn over the outgoing on
 * black, so that together they make the frame ffmpeg's xfade makes (vf_xfade.c, whose own progress P runs from
 * 1 to 0): fade mixes linearly; fadeblack weighs the outgoing by P·smoothstep(0.8, 1, P) and the incoming by
 * (1 − P)·(1 − smoothstep(0.2, 1, P)); the slides move both frames by the frame's size; zoomin magnifies the
 * outgoing by 1 / smoothstep(0.5, 1, P) and mixes the incoming in by 1 − smoothstep(0, 0.5, P). The sound
 * crossfades linearly, as acrossfade's default curve does.
 */
export function transitionLooks(kind: TransitionKind, progress: number): { outgoing: LayerLook; incoming: LayerLook } {
  const p = Math.min(1, Math.max(0, progress));
  const P = 1 - p;
  const gains = { outgoing: 1 - p, incoming: p };
  switch (kind) {
    case 'cut':
      return { outgoing: HIDDEN, incoming: FULL };
    case 'crossfade':
      return { outgoing: { ...FULL, gain: gains.outgoing }, incoming: { opacity: p, transform: 'none', gain: gains.incoming } };
    case 'fade-black': {
      const outgoingWeight = P * smoothstep(0.8, 1, P);
      const incomingWeight = (1 - P) * (1 - smoothstep(0.2, 1, P));
      const outgoingOpacity = incomingWeight < 1 ? outgoingWeight / (1 - incomingWeight) : 0;
      return {
        outgoing: { opacity: outgoingOpacity, transform: 'none', gain: gains.outgoing },
        incoming: { opacity: incomingWeight, transform: 'none', gain: gains.incoming },
      };
    }
    case 'slide-left':
      return {
        outgoing: { opacity: 1, transform: `translateX(${percent(-p)})`, gain: gains.outgoing },
        incoming: { opacity: 1, transform: `translateX(${percent(P)})`, gain: gains.incoming },
      };
    case 'slide-up':
      return {
        outgoing: { opacity: 1, transform: `translateY(${percent(-p)})`, gain: gains.outgoing },
        incoming: { opacity: 1, transform: `translateY(${percent(P)})`, gain: gains.incoming },
      };
    case 'zoom': {
      const zoom = Math.min(MAX_ZOOM, 1 / Math.max(1 / MAX_ZOOM, smoothstep(0.5, 1, P)));
      return {
        outgoing: { opacity: 1, transform: zoom === 1 ? 'none' : `scale(${round(zoom)})`, gain: gains.outgoing },
        incoming: { opacity: 1 - smoothstep(0, 0.5, P), transform: 'none', gain: gains.incoming },
      };
    }
  }
}

const round = (value: number) => Math.round(value * 10000) / 10000;
const percent = (fraction: number) => `${round(fraction * 100)}%`;

/**
 * The shots' videos at output `time`: the one shown, the one going out during a transition, and the one after
 * them, waiting on its first frame so that playback crosses the joint without a black frame. Every other shot's
 * video can be let go.
 */
export function playerPlan(layout: SequenceLayout, time: number): ShotPlan[] {
  const frame = frameAt(layout, time);
  if (!frame) return [];
  const plans: ShotPlan[] = [];
  const looks = frame.outgoing ? transitionLooks(frame.outgoing.kind, frame.outgoing.progress) : { outgoing: HIDDEN, incoming: FULL };
  if (frame.outgoing) plans.push({ index: frame.outgoing.index, role: 'outgoing', sourceTime: frame.outgoing.sourceTime, look: looks.outgoing });
  plans.push({ index: frame.shot.index, role: 'shown', sourceTime: frame.shot.sourceTime, look: looks.incoming });
  const next = layout.spans[frame.shot.index + 1];
  if (next) plans.push({ index: next.index, role: 'next', sourceTime: next.in, look: HIDDEN });
  return plans;
}

/**
 * The shots whose videos the plan uses, in play order. Their stacking is each video's z-index (set from its role),
 * not their order in the page: ordered by role, the video waiting next was moved after the outgoing one when its
 * transition began, and a video taken out of the page and put back is paused by the browser, so the shot entering
 * after a fade through black sat seeking while the clock ran on. In play order a crossing only adds and drops videos.
 */
export function mountedShotIds(shotIds: readonly string[], plans: readonly ShotPlan[]): string[] {
  return [...plans].sort((a, b) => a.index - b.index).flatMap((plan) => shotIds[plan.index] ?? []);
}
