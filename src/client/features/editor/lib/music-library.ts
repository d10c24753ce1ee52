import type { MusicTrack } from '@shared/schemas/music';

/** What the music upload takes: the server refuses bigger files (413) with the same sentence. */
export const MUSIC_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const MUSIC_TOO_LARGE = 'Maximum file size is 20MB';
export const MUSIC_UPLOAD_ACCEPT = '.mp3,.wav,.m4a,.aac,.ogg,audio/*';

const AUDIO_EXTENSIONS = ['.mp3', '.wav', '.m4a', '.aac', '.ogg'];

/** The library's genres as a creator reads them; an unknown genre is shown capitalised. */
const GENRE_LABELS: Record<string, string> = {
  upbeat: 'Upbeat',
  chill: 'Chill',
  cinematic: 'Cinematic',
  lofi: 'Lo-fi',
  dramatic: 'Dramatic',
  corporate: 'Corporate',
};

export function genreLabel(genre: string): string {
  return GENRE_LABELS[genre] ?? genre.charAt(0).toUpperCase() + genre.slice(1);
}

/** The genres the tracks have, each once, in the order they first appear. */
export function genresOf(tracks: readonly MusicTrack[]): string[] {
  return [...new Set(tracks.flatMap((track) => (track.genre ? [track.genre] : [])))];
}

/** `null` is "All". */
export function tracksInGenre(tracks: readonly MusicTrack[], genre: string | null): MusicTrack[] {
  return genre === null ? [...tracks] : tracks.filter((track) => track.genre === genre);
}

/** 83.6 -> '1:23': a track's length in the list. */
export function formatTrackLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Why the file cannot be uploaded, checked before anything is sent; null when it may be. */
export function musicFileProblem(file: { name: string; type: string; size: number }): string | null {
  const lower = file.name.toLowerCase();
  if (!file.type.startsWith('audio/') && !AUDIO_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
    return 'Choose an audio file (MP3, WAV, M4A, AAC or OGG)';
  }
  if (file.size > MUSIC_UPLOAD_MAX_BYTES) return MUSIC_TOO_LARGE;
  return null;
}
