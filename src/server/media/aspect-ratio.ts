import type { UPLOAD_ASPECT_RATIOS } from '../../shared/uploads.ts';

type UploadAspectRatio = (typeof UPLOAD_ASPECT_RATIOS)[number];

/** The SPEC aspect ratio (9:16, 16:9 or 1:1) nearest to a video's display size. */
export function nearestAspectRatio(width: number, height: number): UploadAspectRatio {
  const ratio = width / height;
  const candidates: Array<[UploadAspectRatio, number]> = [
    ['9:16', 9 / 16],
    ['16:9', 16 / 9],
    ['1:1', 1],
  ];
  const distance = (target: number) => Math.abs(Math.log(ratio / target));
  return candidates.reduce((best, next) => (distance(next[1]) < distance(best[1]) ? next : best))[0];
}
