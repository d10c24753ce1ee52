import type { TransitionKind } from '../../../shared/editor/editor-constants.ts';
import { type EditorState, clampTrim } from '../../../shared/editor/editor-state.ts';
import { layoutSequence } from '../../../shared/editor/time-map.ts';
import { type MediaProbe, VIDEO_DEMUXERS } from '../probe-media.ts';
import type { FfmpegInputs, VideoInput } from './ffmpeg-inputs.ts';
import { formatNumber } from './filter-syntax.ts';

/** A media asset's file, downloaded for the export, and its probe. */
interface SourceFile {
  file: string;
  probe: MediaProbe;
}

/** The export's sources by media id: every shot's asset. */
export type ExportSources = ReadonlyMap<string, SourceFile>;

/** A shot as the export reads it: its file cut to [in, in + length), and how it joins the one before. */
export interface ShotInput extends SourceFile {
  in: number;
  length: number;
  /** Its sound's level (0 when muted). */
  volume: number;
  /** Output seconds where it starts showing (its incoming transition's start). */
  start: number;
  /** Seconds its incoming transition overlaps the shot before (0 for a cut and the first shot). */
  overlap: number;
  transition: TransitionKind;
}

/** The shots in play order, each cut within its file's real length, laid on the output by the shared time map. */
export function planShots(sources: ExportSources, editorState: Pick<EditorState, 'shots'>): { shots: ShotInput[]; durationSeconds: number } {
  const cut = editorState.shots.map((shot) => {
    const source = sources.get(shot.mediaId);
    if (!source) throw new Error(`No source file for media ${shot.mediaId}`);
    const trim = clampTrim({ start: shot.in, end: shot.out }, source.probe.durationSeconds);
    return { shot, source, in: trim.start, out: trim.end, transition: shot.transition };
  });
  const layout = layoutSequence(cut);
  const shots = cut.map(({ shot, source, ...trimmed }, index): ShotInput => {
    const span = layout.spans[index]!;
    return {
      ...source,
      in: trimmed.in,
      length: trimmed.out - trimmed.in,
      volume: shot.muted ? 0 : shot.volume,
      start: span.start,
      overlap: span.transitionIn,
      transition: span.transitionKind,
    };
  });
  return { shots, durationSeconds: layout.duration };
}

/** A shot and the input its file is read from. */
export interface ReadShot extends ShotInput {
  input: VideoInput;
}

/**
 * Each shot's file added as an input, in play order: -ss seeks it so its timestamps start at the shot's In point,
 * -t reads only its cut.
 */
export function readShots(inputs: FfmpegInputs, shots: readonly ShotInput[]): ReadShot[] {
  return shots.map((shot) => {
    const options = [
      ...(shot.in > 0 ? ['-ss', formatNumber(shot.in)] : []),
      '-t', formatNumber(shot.length),
      '-format_whitelist', VIDEO_DEMUXERS,
    ];
    return { ...shot, input: inputs.video(shot.file, options) };
  });
}

/** Where one join reads and writes: what came before, the shot coming in, and the label it ends in. */
export interface JoinLink {
  before: string;
  incoming: string;
  output: string;
  /** A name of its own, for labels a join of several lines needs inside it (`[name-…]`). */
  name: string;
}

/** A join that is one two-input filter (xfade, acrossfade, concat). */
export function joinWith(filterText: string, { before, incoming, output }: JoinLink): string[] {
  return [`${before}${incoming}${filterText}${output}`];
}

/**
 * Graph lines that join the shots' streams (`inputs`, one per shot) in play order into `output`: each shot after
 * the first joins what came before with `join(shot, link)` (a transition, or concat at a cut), through
 * `${prefix}N` labels; a lone shot passes through `passThrough` (null or anull).
 */
export function joinInOrder(
  shots: readonly ShotInput[],
  inputs: readonly string[],
  { join, prefix, output, passThrough }: { join: (shot: ShotInput, link: JoinLink) => string[]; prefix: string; output: string; passThrough: 'null' | 'anull' },
): string[] {
  if (shots.length === 1) return [`${inputs[0]}${passThrough}${output}`];
  return shots.slice(1).flatMap((shot, offset) => {
    const index = offset + 1;
    const before = index === 1 ? inputs[0]! : `[${prefix}${index - 1}]`;
    const joined = index === shots.length - 1 ? output : `[${prefix}${index}]`;
    return join(shot, { before, incoming: inputs[index]!, output: joined, name: `${prefix}${index}` });
  });
}
