import type { Size, StandardResolution } from '../../../shared/editor/frame-geometry.ts';
import { type ExportPlatformId, exportPlatform } from '../../../shared/export-platforms.ts';
import type { H264AacSettings } from '../media-operations.ts';

/**
 * What the creator chose in the export dialog (SPEC §3, and the platform of a preset), plus what the server decides:
 * whether their plan stamps the watermark, and a cap on the frame's width for the free plan's watermarked copy.
 */
export interface ExportSpec {
  resolution: StandardResolution;
  format: 'mp4' | 'mov';
  quality: 'high' | 'medium' | 'low';
  platform?: ExportPlatformId;
  watermark: boolean;
  /** Whether the edit's captions are drawn into the picture; absent: burned, as for a client that does not send it. */
  captions?: 'burned' | 'none';
  /** The server's own cap on the frame's width (a watermarked copy is never wider than its master); a platform's cap applies too. */
  maxWidth?: number;
}

/** DESIGN §5 Media: x264 CRF by quality; 'low' is a set rate instead (lowQualityKbps). */
export const CRF_BY_QUALITY = { high: 18, medium: 23 } as const;

/**
 * A 'low' export's rate, per pixel of each frame: 1.4 Mbit/s at 720p and 30 fps, about a third of YouTube's
 * recommended upload rate at each size. CRF 28 let a simple clip fall to 150 kbit/s, which the platforms' own
 * re-encode turns to bands and blocks (decision 034).
 */
const LOW_QUALITY_BITS_PER_PIXEL = 0.05;

export function lowQualityKbps(frame: Size, fps: number): number {
  return Math.round((LOW_QUALITY_BITS_PER_PIXEL * frame.width * frame.height * fps) / 1000);
}

/** The AAC rate of an export: what the platform it is for asks, else the stored videos' default (h264AacOutputArgs). */
export function exportAudioKbps(spec: Pick<ExportSpec, 'platform'>): number | undefined {
  return spec.platform ? exportPlatform(spec.platform).audioKbps : undefined;
}

/** How the export is encoded: the quality's rate control, and what the platform it is for asks (decision 034). */
export function exportEncoding(spec: Pick<ExportSpec, 'quality' | 'platform'>, frame: Size, fps: number): H264AacSettings {
  const video = spec.quality === 'low' ? { kbps: lowQualityKbps(frame, fps) } : { crf: CRF_BY_QUALITY[spec.quality] };
  if (!spec.platform) return { video };
  const { keyframeSeconds, maxVideoKbps } = exportPlatform(spec.platform);
  return { video, keyframeSeconds, audioKbps: exportAudioKbps(spec), maxVideoKbps };
}


/**
 * Processor seconds an export's picture pass may spend, from its output's length and size: a 1080p export
 * costs about 1.7 CPU seconds per output second with x264 `veryfast` (docs/benchmarks.md, Export), so ten
 * per second of 1080x1920 frames, scaled up for larger frames, leaves room for the heaviest look on a
 * slower machine while an edit that makes the renderer work out of proportion to its output is stopped.
 */
export function exportCpuBudgetSeconds(outputSeconds: number, width: number, height: number): number {
  const area = Math.max(1, (width * height) / (1080 * 1920));
  return Math.ceil(30 + 10 * outputSeconds * area);
}

/** The same for the audio-only pass that measures the mix's loudness. */
export function loudnessPassCpuBudgetSeconds(outputSeconds: number): number {
  return Math.ceil(10 + 2 * outputSeconds);
}
