import { defaultEditorState } from '../../shared/editor/editor-state.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { type StandardResolution, aspectValue, nearestAspectRatio } from '../../shared/editor/frame-geometry.ts';
import type { MediaOperationOptions } from './media-operations.ts';
import { type MediaProbe, probeMedia } from './probe-media.ts';
import { renderExport } from './export/render-export.ts';

/** The free plan exports at most 1080p, so its copy to watch is never larger. */
function renditionResolution(probe: MediaProbe): StandardResolution {
  return Math.min(probe.width, probe.height) > 720 ? '1080p' : '720p';
}

/**
 * The narrowest frame of the master's shape that holds the master whole at its own size: a copy wider than its
 * master would only spread the same picture over more pixels, to encode, store and stream (decision 050).
 */
function masterFrameWidth(probe: MediaProbe): number {
  const width = Math.max(probe.width, probe.height * aspectValue(nearestAspectRatio(probe.width, probe.height)));
  return 2 * Math.ceil(width / 2);
}

/** The one source of a rendition's sequence: the whole video. */
const RENDITION_SOURCE = 'source';

/**
 * The copy of a master video that free users stream: the untouched clip run through the export with
 * the watermark on, so the mark is drawn by the very code, at the very place, that draws it on a free
 * export, in the same frame the editor shows. `probe` is the input's, where the caller has it.
 */
export async function renderWatermarkedRendition(
  binaries: FfmpegBinaries,
  { inputFile, outputFile, probe: known, signal }: { inputFile: string; outputFile: string; probe?: MediaProbe } & Pick<MediaOperationOptions, 'signal'>,
): Promise<void> {
  const probe = known ?? (await probeMedia(binaries, inputFile));
  await renderExport(binaries, {
    sourceFiles: new Map([[RENDITION_SOURCE, inputFile]]),
    sourceProbes: new Map([[RENDITION_SOURCE, probe]]),
    outputFile,
    editorState: defaultEditorState(RENDITION_SOURCE, probe.durationSeconds),
    spec: { resolution: renditionResolution(probe), format: 'mp4', quality: 'high', watermark: true, maxWidth: masterFrameWidth(probe) },
    signal,
  });
}
