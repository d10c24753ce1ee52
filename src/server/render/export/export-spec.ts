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

