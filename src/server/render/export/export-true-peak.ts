import path from 'node:path';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import { aacOutputArgs } from '../media-operations.ts';
import { VIDEO_DEMUXERS } from '../probe-media.ts';
import { mainPassAudio, planAudio } from './export-audio.ts';
import { exportContainerArgs } from './export-container.ts';
import type { ExportInput } from './export-filter-graph.ts';
import { planShots, readShots } from './export-shots.ts';
import { type ExportSpec, exportAudioKbps } from './export-spec.ts';
import { createInputs } from './ffmpeg-inputs.ts';
import { formatNumber } from './filter-syntax.ts';
import { MAX_TRUE_PEAK_DB } from './music-mix.ts';

/**
 * How much more than the measured excess is taken off: the encoded sound's peaks come down by about the gain taken
 * off, give or take what AAC's coding of the quieter sound adds (decision 059).
 */
const MARGIN_DB = 0.5;

/**
 * The gain taken off after the limiter when the sound is written again: what it was written with (`cutDb`), plus the
 * exported file's true peak (`truePeakDb`) over MAX_TRUE_PEAK_DB and a margin; undefined when it is not over.
 */
export function peakCutDb(cutDb: number, truePeakDb: number): number | undefined {
  return truePeakDb > MAX_TRUE_PEAK_DB ? cutDb + (truePeakDb - MAX_TRUE_PEAK_DB) + MARGIN_DB : undefined;
}

export interface SoundRewriteCommand {
  args: string[];
  /** The graph, written before running (as the export's). */
  files: Array<{ path: string; contents: string }>;
  filterGraph: string;
  durationSeconds: number;
}

/**
 * The export's sound written again into `input.outputFile`: the same inputs and audio graph as the main pass (so it
 * stays on its picture, cut for the AAC priming alike) with `cutDb` taken off after the limiter, and the picture of
 * the file the main pass wrote (`writtenFile`) copied, not encoded again. The same container settings: no edit
 * lists, moov first.
 */
export function buildSoundRewriteCommand(
  input: ExportInput,
  editorState: EditorState,
  spec: ExportSpec,
  { writtenFile, cutDb }: { writtenFile: string; cutDb: number },
): SoundRewriteCommand {
  const { shots: planned, durationSeconds } = planShots(input.sources, editorState);
  const inputs = createInputs();
  const shots = readShots(inputs, planned);
  const audio = planAudio(input, editorState, { shots, durationSeconds, inputs });
  const written = inputs.video(writtenFile, ['-format_whitelist', VIDEO_DEMUXERS]);
  const filterGraph = mainPassAudio(audio, input.loudnessGainDb ?? 0, cutDb).join(';\n');
  const graphFile = path.join(input.workDir, 'sound-graph.txt');
  return {
    args: [
      ...inputs.args(),
      '-filter_complex_script', graphFile,
      '-map', written.videoStream, '-c:v', 'copy',
      '-map', audio.output, ...aacOutputArgs(exportAudioKbps(spec)),
      '-t', formatNumber(durationSeconds),
      ...exportContainerArgs(spec.format, input.outputFile),
    ],
    files: [{ path: graphFile, contents: filterGraph }],
    filterGraph,
    durationSeconds,
  };
}
