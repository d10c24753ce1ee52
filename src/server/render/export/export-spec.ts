import { nearestAspectRatio } from '../../media/aspect-ratio.ts';
import { type StandardResolution, standardSize } from '../media-operations.ts';

/** What the creator chose in the export dialog (SPEC §3), plus whether their plan stamps the watermark. */
export interface ExportSpec {
  resolution: StandardResolution;
  format: 'mp4' | 'mov';
  quality: 'high' | 'medium' | 'low';
  watermark: boolean;
}

/** DESIGN §5 Media: x264 CRF by quality. */
export const CRF_BY_QUALITY: Record<ExportSpec['quality'], number> = { high: 18, medium: 23, low: 28 };

/**
 * The output frame: DESIGN §5's size for the source's aspect at the chosen resolution. The aspect is
 * the one an upload records for its project (nearest 9:16, 16:9 or 1:1), which is the frame the
 * preview draws.
 */
export function exportFrameSize(
  source: { width: number; height: number },
  resolution: StandardResolution,
): { width: number; height: number } {
  return standardSize(nearestAspectRatio(source.width, source.height), resolution);
}

/**
 * The source scaled to fit inside the frame (aspect kept, as CSS object-fit: contain shows it) and
 * centred; the rest is black padding.
 */
export function fitInside(
  source: { width: number; height: number },
  frame: { width: number; height: number },
): { width: number; height: number; x: number; y: number } {
  const factor = Math.min(frame.width / source.width, frame.height / source.height);
  const width = Math.min(frame.width, Math.max(1, Math.round(source.width * factor)));
  const height = Math.min(frame.height, Math.max(1, Math.round(source.height * factor)));
  return { width, height, x: Math.floor((frame.width - width) / 2), y: Math.floor((frame.height - height) / 2) };
}
