import path from 'node:path';
import { type EditorState, clampTrim } from '../../../shared/editor/editor-state.ts';
import { type MusicSpan, musicSpan } from '../../../shared/editor/music-placement.ts';
import { type MediaProbe, VIDEO_DEMUXERS } from '../probe-media.ts';
import { formatNumber } from './css-color-math.ts';
import { filter } from './filter-syntax.ts';
import { type MusicFile, clipOnlyFilters, loudnessFilters, musicInputArgs, musicMixGraph } from './music-mix.ts';

/** What the audio of an export reads (AudioInput has it all). */
interface AudioInput {
  inputFile: string;
  probe: Pick<MediaProbe, 'audioCodec' | 'durationSeconds'>;
  workDir: string;
  music?: MusicFile;
}

/** The inputs both passes read and the audio graph they share. */
interface AudioPlan {
  /** The clip (trimmed with -ss), the silent track a source without sound gets, the music: inputs 0 … inputCount - 1. */
  inputArgs: string[];
  inputCount: number;
  /** The music as it sounds on the output, or null: then the audio is the clip's own at its volume, as before music. */
  span: MusicSpan | null;
  /** Graph lines that end in `output`, with `after` (filters) applied to the mix. */
  graph(after: string[]): string[];
  /** What `-map` takes for the audio. */
  output: string;
}

/** The clip's trimmed piece: -ss seeks the input so its timestamps start at the trim's In point. */
export function planAudio(input: AudioInput, editorState: EditorState, trim: { start: number; end: number }): AudioPlan {
  const durationSeconds = trim.end - trim.start;
  const hasSound = Boolean(input.probe.audioCodec);
  const clipVolume = editorState.audio.isMuted ? 0 : editorState.audio.volume;
  const inputArgs = [
    ...(trim.start > 0 ? ['-ss', formatNumber(trim.start)] : []),
    '-format_whitelist', VIDEO_DEMUXERS,
    '-i', input.inputFile,
    // A source without sound gets a silent track: every stored video has audio (DESIGN §5 Media).
    ...(hasSound ? [] : ['-f', 'lavfi', '-t', formatNumber(durationSeconds), '-i', 'anullsrc=r=48000:cl=stereo']),
  ];
  const clipAudio = hasSound ? '[0:a:0]' : '[1:a:0]';
  const musicIndex = hasSound ? 1 : 2;
  const span = editorState.music && input.music ? musicSpan(editorState.music, durationSeconds, input.music.durationSeconds) : null;

  if (!span || !editorState.music || !input.music) {
    return {
      inputArgs,
      inputCount: musicIndex,
      span: null,
      // Without music the clip's sound is not measured or normalised, only limited.
      graph: () => (hasSound ? [`[0:a:0]${clipOnlyFilters(clipVolume).join(',')}[a]`] : []),
      output: hasSound ? '[a]' : '1:a:0',
    };
  }
  const { volume, duck } = editorState.music;
  const mix = { clipAudio, clipVolume, clipSounds: hasSound && clipVolume > 0, musicAudio: `[${musicIndex}:a:0]`, span, volume, duck };
  return {
    inputArgs: [...inputArgs, ...musicInputArgs(input.music, span)],
    inputCount: musicIndex + 1,
    span,
    graph: (after) => [...musicMixGraph(mix, after.length > 0 ? '[mix]' : '[a]'), ...(after.length > 0 ? [`[mix]${after.join(',')}[a]`] : [])],
    output: '[a]',
  };
}

/** The audio graph of an export for the main pass: with music, the measured gain and the limiter after the mix. */
export function mainPassAudio(plan: AudioPlan, loudnessGainDb: number): string[] {
  return plan.graph(plan.span ? loudnessFilters(loudnessGainDb) : []);
}

export interface LoudnessPassCommand {
  args: string[];
  /** The graph, written before running (as the export's). */
  files: Array<{ path: string; contents: string }>;
  /** Where ebur128's running integrated loudness is written, one value per audio frame; the last is the whole mix's. */
  metadataFile: string;
  /** The output's length in seconds. */
  durationSeconds: number;
}

/**
 * The measuring pass of an export with music: the same inputs and audio mix, no video, through ebur128. Null
 * when there is no music to mix (the export is then not normalised).
 */
export function buildLoudnessPassCommand(input: AudioInput, editorState: EditorState): LoudnessPassCommand | null {
  const trim = clampTrim(editorState.trim, input.probe.durationSeconds);
  const plan = planAudio(input, editorState, trim);
  if (!plan.span) return null;
  const metadataFile = path.join(input.workDir, 'loudness.txt');
  const graphFile = path.join(input.workDir, 'loudness-graph.txt');
  const measure = [
    filter('ebur128', [['metadata', 1]]),
    filter('ametadata', [['mode', 'print'], ['key', 'lavfi.r128.I'], ['file', metadataFile]]),
  ];
  const graph = plan.graph(measure).join(';\n');
  return {
    args: [...plan.inputArgs, '-filter_complex_script', graphFile, '-map', plan.output, '-vn', '-t', formatNumber(trim.end - trim.start), '-f', 'null', '-'],
    files: [{ path: graphFile, contents: graph }],
    metadataFile,
    durationSeconds: trim.end - trim.start,
  };
}
