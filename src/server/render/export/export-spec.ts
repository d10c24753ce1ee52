import type { StandardResolution } from '../../../shared/editor/frame-geometry.ts';

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
