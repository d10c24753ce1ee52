/** Upload rules of SPEC §5 and §9. */
export const UPLOAD_MAX_BYTES = 104_857_600;
/** A user's own music track (issue 16): 20 MB. */
export const MUSIC_UPLOAD_MAX_BYTES = 20_971_520;
export const UPLOAD_EXTENSIONS = ['.mp4', '.mov', '.avi', '.webm'] as const;
export const UPLOAD_ASPECT_RATIOS = ['9:16', '16:9', '1:1'] as const;
export const UPLOAD_MIN_DURATION = 1;
export const UPLOAD_MAX_DURATION = 300;

export function hasAcceptedVideoExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return UPLOAD_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
