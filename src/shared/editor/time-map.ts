/**
 * The sequence's one clock (issue 26): where each shot sits on the output timeline, and what plays at an output
 * time. The preview, the timeline and the export all read it, so a joint is where the editor shows it.
 *
 * Every transition overlaps its two shots by its length (a crossfade, a slide, a zoom, and a fade through black
 * alike), so the output lasts the sum of the shots' lengths minus the transitions. A transition is never longer
 * than half of either neighbour: a shot's incoming and outgoing transitions then never overlap each other, and a
 * shot always shows on its own between them (or at one instant, when both take half of it).
 */

import { RANGES, type TransitionKind } from './editor-constants.ts';

const { min: MIN_TRANSITION_SECONDS, max: MAX_TRANSITION_SECONDS } = RANGES.transitionDuration;

/** How a shot comes in from the one before it; ignored on the first shot. */
interface Transition {
  kind: TransitionKind;
  duration: number;
}

/** What the clock needs of a shot: its cut of the source (seconds into the asset) and how it comes in. */
export interface TimedShot {
  in: number;
  out: number;
  transition: Transition;
}

/** A shot placed on the output timeline. */
interface ShotSpan {
  index: number;
  /** Output seconds where it starts showing (its incoming transition's start) and stops (its outgoing one's end). */
  start: number;
  end: number;
  /** Its cut of the source, as given. */
  in: number;
  out: number;
  /** The seconds its incoming transition takes on the output (0 for a cut and the first shot). */
  transitionIn: number;
  transitionKind: TransitionKind;
}

export interface SequenceLayout {
  spans: ShotSpan[];
  /** The output's length in seconds. */
  duration: number;
}

const shotLength = (shot: TimedShot) => Math.max(0, shot.out - shot.in);

/** The seconds the transition into shot `index` takes: its asked length, within what both neighbours allow. */
export function transitionSeconds(shots: readonly TimedShot[], index: number): number {
  const shot = shots[index];
  const previous = shots[index - 1];
  if (!shot || !previous || shot.transition.kind === 'cut') return 0;
  const asked = Math.min(MAX_TRANSITION_SECONDS, Math.max(MIN_TRANSITION_SECONDS, shot.transition.duration));
  return Math.min(asked, shotLength(previous) / 2, shotLength(shot) / 2);
}

/** Where each shot sits on the output timeline, in play order, and the output's length. */
export function layoutSequence(shots: readonly TimedShot[]): SequenceLayout {
  const spans: ShotSpan[] = [];
  let cursor = 0;
  shots.forEach((shot, index) => {
    const overlap = transitionSeconds(shots, index);
    const start = Math.max(0, cursor - overlap);
    const end = start + shotLength(shot);
    spans.push({ index, start, end, in: shot.in, out: shot.out, transitionIn: overlap, transitionKind: overlap > 0 ? shot.transition.kind : 'cut' });
    cursor = end;
  });
  return { spans, duration: cursor };
}

/** One shot's picture at an output time: which shot, and the second of its source to show. */
interface ShotFrame {
  index: number;
  sourceTime: number;
}

/** What shows at an output time: a shot, or two during a transition with how far it has gone (0 to 1). */
export interface SequenceFrame {
  shot: ShotFrame;
  /** During a transition: the shot going out, the transition's kind and its progress. */
  outgoing?: ShotFrame & { kind: TransitionKind; progress: number };
}

const sourceAt = (span: ShotSpan, time: number): number => Math.min(span.out, Math.max(span.in, span.in + (time - span.start)));

/**
 * What the output shows at `time` (clamped into it): the shot whose span holds it, the latest one where two
 * overlap, with the one going out. Undefined for an empty sequence. At a cut, the time of the joint is the
 * next shot's first frame.
 */
export function frameAt(layout: SequenceLayout, time: number): SequenceFrame | undefined {
  const { spans, duration } = layout;
  if (spans.length === 0) return undefined;
  const at = Math.min(duration, Math.max(0, time));
  let current = spans[0]!;
  for (const span of spans) {
    if (span.start <= at && (span.start < span.end || span.index === spans.length - 1)) current = span;
  }
  const shot = { index: current.index, sourceTime: sourceAt(current, at) };
  const previous = spans[current.index - 1];
  if (previous && current.transitionIn > 0 && at < current.start + current.transitionIn) {
    const progress = (at - current.start) / current.transitionIn;
    return { shot, outgoing: { index: previous.index, sourceTime: sourceAt(previous, at), kind: current.transitionKind, progress } };
  }
  return { shot };
}

/** The output time at which shot `index` shows second `sourceTime` of its source (clamped into its cut). */
export function outputTimeOf(layout: SequenceLayout, index: number, sourceTime: number): number {
  const span = layout.spans[index];
  if (!span) throw new RangeError(`No shot ${index} in a sequence of ${layout.spans.length}`);
  return span.start + (Math.min(span.out, Math.max(span.in, sourceTime)) - span.in);
}
