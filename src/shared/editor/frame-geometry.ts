import type { ExportSettings } from '../schemas/export.ts';
import type { UPLOAD_ASPECT_RATIOS } from '../uploads.ts';

/** The frame sizes of DESIGN §5 and how a picture is fitted into a frame: one rule for the editor's preview and the export. */

export interface Size {
  width: number;
  height: number;
}

/** A rectangle fitted inside a box: its size and its top-left corner in the box. */
export interface Placement extends Size {
  x: number;
  y: number;
}

export type StandardAspectRatio = (typeof UPLOAD_ASPECT_RATIOS)[number];
export type StandardResolution = ExportSettings['resolution'];

const SHORT_SIDE: Record<StandardResolution, number> = { '720p': 720, '1080p': 1080, '4K': 2160 };

/**
 * DESIGN §5's frame sizes: 720p = 720x1280 / 1280x720, 1080p = 1080x1920 / 1920x1080,
 * 4K = 2160x3840 / 3840x2160; 1:1 (and anything unrecognised) is square.
 */
export function standardSize(aspectRatio: string, resolution: StandardResolution): Size {
  const short = SHORT_SIDE[resolution];
  const long = Math.round((short * 16) / 9);
  if (aspectRatio === '9:16') return { width: short, height: long };
  if (aspectRatio === '16:9') return { width: long, height: short };
  return { width: short, height: short };
}

/** The SPEC aspect ratio (9:16, 16:9 or 1:1) nearest to a video's display size. */
export function nearestAspectRatio(width: number, height: number): StandardAspectRatio {
  const ratio = width / height;
  const candidates: Array<[StandardAspectRatio, number]> = [
    ['9:16', 9 / 16],
    ['16:9', 16 / 9],
    ['1:1', 1],
  ];
  const distance = (target: number) => Math.abs(Math.log(ratio / target));
  return candidates.reduce((best, next) => (distance(next[1]) < distance(best[1]) ? next : best))[0];
}

/**
 * The export's output frame: the standard size for the source's aspect at the chosen resolution, scaled down
 * to `maxWidth` for a platform that takes no wider. The aspect is the one an upload records for its project
 * (nearest 9:16, 16:9 or 1:1), which is the frame the preview draws.
 */
export function exportFrameSize(source: Size, resolution: StandardResolution, maxWidth?: number): Size {
  return capWidth(standardSize(nearestAspectRatio(source.width, source.height), resolution), maxWidth);
}

/** The frame at most `maxWidth` wide, its aspect kept to the nearest even height (H.264 4:2:0 needs even sizes). */
export function capWidth(frame: Size, maxWidth?: number): Size {
  if (maxWidth === undefined || frame.width <= maxWidth) return frame;
  return { width: maxWidth, height: 2 * Math.round((frame.height * maxWidth) / frame.width / 2) };
}

/** '9:16' -> 0.5625 (width over height); anything unreadable is taken as the vertical default. */
export function aspectValue(aspectRatio: string): number {
  const [w, h] = aspectRatio.split(':').map(Number);
  return w && h && w > 0 && h > 0 ? w / h : 9 / 16;
}

/**
 * The content scaled to the largest size that fits inside the box, aspect kept (as CSS object-fit:
 * contain shows it), in whole pixels and centred. The export places the source in its frame with it
 * and the editor sizes its preview frame with it (through fitFrame), so both frames follow one rule.
 */
export function fitInside(content: Size, box: Size): Placement {
  if (box.width <= 0 || box.height <= 0) return { width: 0, height: 0, x: 0, y: 0 };
  const factor = Math.min(box.width / content.width, box.height / content.height);
  const width = Math.min(box.width, Math.max(1, Math.round(content.width * factor)));
  const height = Math.min(box.height, Math.max(1, Math.round(content.height * factor)));
  return { width, height, x: Math.floor((box.width - width) / 2), y: Math.floor((box.height - height) / 2) };
}

/** The largest frame of this aspect (width over height) that fits the box. */
export function fitFrame(aspect: number, box: Size): Placement {
  return fitInside({ width: aspect, height: 1 }, box);
}
