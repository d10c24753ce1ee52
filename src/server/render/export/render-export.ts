import fs from 'node:fs/promises';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { FfmpegError, runFfmpeg } from '../ffmpeg-runner.ts';
import { type MediaProbe, probeMedia } from '../probe-media.ts';
import type { ExportSources } from './export-shots.ts';
import { withScratchDir } from '../scratch-dir.ts';
import { integratedLoudnessFromMetadata, measureLoudness } from '../measure-loudness.ts';
import { buildLoudnessPassCommand } from './export-audio.ts';
import { type ExportInput, buildExportCommand, exportTextImageOptions } from './export-filter-graph.ts';
import { type ExportSpec, exportCpuBudgetSeconds, loudnessPassCpuBudgetSeconds } from './export-spec.ts';
import { buildSoundRewriteCommand, peakCutDb } from './export-true-peak.ts';
import { type MusicFile, normalisingGainDb } from './music-mix.ts';
import { drawTextImages } from './overlay-images.ts';

export interface RenderExportOptions {
  /** Every shot's media asset's file, by media id. */
  sourceFiles: ReadonlyMap<string, string>;
  /** Probes of some of those files the caller already has, by media id; the rest are probed here. */
  sourceProbes?: ReadonlyMap<string, MediaProbe>;
  outputFile: string;
  editorState: EditorState;
  spec: ExportSpec;
  /** The music lane's tracks' files, by track id. */
  music?: ReadonlyMap<string, MusicFile>;
  /** The voice lane's media assets' audio files (AAC in m4a), by media id. */
  voice?: ReadonlyMap<string, MusicFile>;
  /** A rising fraction in 0..1 of the sequence's length; exactly 1 when the file is written. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * With music or voice, the audio-only pass that measures the mix's integrated loudness (ebur128) and answers the
 * constant gain that brings it to TARGET_LUFS; without either 0 (the clip's sound is not normalised).
 */
async function measureMixGain(binaries: FfmpegBinaries, input: ExportInput, editorState: EditorState, signal?: AbortSignal): Promise<number> {
  const command = buildLoudnessPassCommand(input, editorState);
  if (!command) return 0;
  await Promise.all(command.files.map((file) => fs.writeFile(file.path, file.contents, 'utf8')));
  try {
    await runFfmpeg(binaries, command.args, { signal, cpuSeconds: loudnessPassCpuBudgetSeconds(command.durationSeconds) });
  } catch (error) {
    if (error instanceof FfmpegError) error.filterGraph = command.files[0]?.contents;
    throw error;
  }
  return normalisingGainDb(integratedLoudnessFromMetadata(await fs.readFile(command.metadataFile, 'utf8')));
}

/** At most this many times is an export's sound written again for its true peak (each lands near its aim, decision 059). */
const MAX_SOUND_REWRITES = 3;

/**
 * The written export's true peak measured (ebur128 on the encoded file: a hard-limited sound's inter-sample peaks and
 * AAC's coding of it read up to 3.4 dB over the limiter's -2 dBFS) and, while it is over MAX_TRUE_PEAK_DB, its sound
 * written again turned down by the excess, the picture copied (buildSoundRewriteCommand). Most exports are measured
 * and left alone.
 */
async function holdTruePeak(binaries: FfmpegBinaries, input: ExportInput, editorState: EditorState, spec: ExportSpec, signal?: AbortSignal): Promise<void> {
  let cutDb = 0;
  for (let rewrites = 0; rewrites < MAX_SOUND_REWRITES; rewrites++) {
    const { truePeakDb } = await measureLoudness(binaries, input.outputFile, { signal, timeoutMs: 0 });
    const next = peakCutDb(cutDb, truePeakDb);
    if (next === undefined) return;
    cutDb = next;
    const writtenFile = `${input.outputFile}.written`;
    await fs.rename(input.outputFile, writtenFile);
    const command = buildSoundRewriteCommand(input, editorState, spec, { writtenFile, cutDb });
    await Promise.all(command.files.map((file) => fs.writeFile(file.path, file.contents, 'utf8')));
    try {
      await runFfmpeg(binaries, command.args, { signal, cpuSeconds: loudnessPassCpuBudgetSeconds(command.durationSeconds) });
    } catch (error) {
      if (error instanceof FfmpegError) error.filterGraph = command.filterGraph;
      throw error;
    } finally {
      await fs.rm(writtenFile, { force: true });
    }
  }
}

/** Each source probed once, however many shots cut it, and not at all when `known` has its probe. */
export async function probeSources(
  binaries: FfmpegBinaries,
  files: ReadonlyMap<string, string>,
  known: ReadonlyMap<string, MediaProbe> = new Map(),
): Promise<ExportSources> {
  const probed = await Promise.all(
    [...files].map(async ([mediaId, file]) => [mediaId, { file, probe: known.get(mediaId) ?? (await probeMedia(binaries, file)) }] as const),
  );
  return new Map(probed);
}

/**
 * Renders a project's sequence with its editor state into the exported file in one ffmpeg run (an edit with
 * music first gets an audio-only measuring run, measureMixGain). The
 * text is planned and drawn first (on a worker thread unless it is a few still pictures), with the preview's own drawing code on a Skia canvas, into PNGs that ffmpeg lays
 * over the picture; they and the filter graph live in a scratch dir that is always removed. A failed
 * render rejects with FfmpegError carrying ffmpeg's reason, command, stderr tail and the filter graph;
 * the partial output is removed. Each ffmpeg run has a processor-time budget from the output's length and
 * size (exportCpuBudgetSeconds): past it the run rejects with FfmpegCpuLimitError.
 */
export async function renderExport(binaries: FfmpegBinaries, options: RenderExportOptions): Promise<void> {
  const { sourceFiles, sourceProbes, outputFile, editorState, spec, music, voice, onProgress, signal } = options;
  const sources = await probeSources(binaries, sourceFiles, sourceProbes);
  await withScratchDir('promptreel-export', async (workDir) => {
    const input = { sources, outputFile, workDir, music, voice, filters: binaries.filters };
    const loudnessGainDb = await measureMixGain(binaries, input, editorState, signal);
    const { images } = await drawTextImages({ editorState, options: exportTextImageOptions(input, editorState, spec) }, signal);
    const command = buildExportCommand({ ...input, loudnessGainDb, textImages: images }, editorState, spec);
    await Promise.all(command.files.map((file) => fs.writeFile(file.path, file.contents, 'utf8')));
    try {
      await runFfmpeg(binaries, command.args, {
        expectedDurationSeconds: command.durationSeconds,
        onProgress,
        signal,
        cpuSeconds: exportCpuBudgetSeconds(command.durationSeconds, command.width, command.height),
      });
      await holdTruePeak(binaries, { ...input, loudnessGainDb }, editorState, spec, signal);
    } catch (error) {
      await fs.rm(outputFile, { force: true });
      if (error instanceof FfmpegError) error.filterGraph ??= command.filterGraph;
      throw error;
    }
  });
}
