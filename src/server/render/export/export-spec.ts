import { type StandardAspectRatio, type StandardResolution, standardSize } from '../media-operations.ts';

/** What the creator chose in the export dialog (SPEC §3), plus whether their plan stamps the watermark. */
export interface ExportSpec {
  resolution: StandardResolution;
  format: 'mp4' | 'mov';
  quality: 'high' | 'medium' | 'low';
  watermark: boolean;
}

/** DESIGN §5 Media: x264 CRF by quality. */
export const CRF_BY_QUALITY: Record<ExportSpec['quality'], number> = { high: 18, medium: 23, low: 28 };

const ASPECTS: Array<[StandardAspectRatio, number]> = [
  ['9:16', 9 / 16],
  ['16:9', 16 / 9],
  ['1:1', 1],
];

/** The standard aspect nearest to width/height, compared as log ratios so 9:16 and 16:9 are equally far from 1:1. */
export function nearestAspect(width: number, height: number): StandardAspectRatio {
  if (!(width > 0 && height > 0)) throw new Error(`A frame needs a positive size, got ${width}x${height}`);
  const ratio = Math.log(width / height);
  let best = ASPECTS[0] as [StandardAspectRatio, number];
  for (const candidate of ASPECTS) {
    if (Math.abs(ratio - Math.log(candidate[1])) < Math.abs(ratio - Math.log(best[1]))) best = candidate;
  }
  return best[0];
}

/** The output frame: DESIGN §5's size for the source's aspect at the chosen resolution. */
export function exportFrameSize(
  source: { width: number; height: number },
  resolution: StandardResolution,
): { width: number; height: number } {
  return standardSize(nearestAspect(source.width, source.height), resolution);
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
