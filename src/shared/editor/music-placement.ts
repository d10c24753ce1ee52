import { DEFAULT_MUSIC_FADE_OUT_SECONDS, DEFAULT_MUSIC_VOLUME, MIN_MUSIC_SECONDS } from './editor-constants.ts';
import { type AudioClip, type MusicClip, roundSeconds } from './editor-state.ts';

/**
 * When and how a clip of the music lane sounds on the output, as the preview plays it and the export mixes it: the
 * piece of the track used (cut to the track's real length), where it starts and stops on the output, and
 * the fades, shortened in proportion when they would not both fit.
 */
export interface MusicSpan {
  /** Seconds on the output timeline. */
  from: number;
  to: number;
  /** The piece of the track that plays, and repeats when looping: seconds into the track. */
  pieceIn: number;
  pieceLength: number;
  fadeIn: number;
  fadeOut: number;
}

/** Whether a clip repeats its piece: a music clip that says so; a voice-over never does (its words play once). */
export function clipLoops(clip: Pick<AudioClip, 'lane' | 'loop'>): boolean {
  return clip.lane === 'music' && clip.loop;
}

/**
 * The span the music sounds in, or null when nothing of it is heard: it starts after the output ends, or
 * the track's real end leaves less of the piece than a document may hold (MIN_MUSIC_SECONDS). That floor
 * bounds the loop: a piece one sample long, looped over a long output, would cost the export's mix minutes.
 */
export function musicSpan(music: AudioClip, outputSeconds: number, trackSeconds = Number.POSITIVE_INFINITY): MusicSpan | null {
  const pieceOut = Math.min(music.sourceOut, trackSeconds);
  const pieceLength = pieceOut - music.sourceIn;
  if (!(pieceLength >= MIN_MUSIC_SECONDS - 1e-9)) return null;
  const from = music.start;
  const to = Math.min(music.end, outputSeconds, clipLoops(music) ? Number.POSITIVE_INFINITY : from + pieceLength);
  const length = to - from;
  if (!(length > 0.01)) return null;
  let fadeIn = Math.min(music.fadeIn, length);
  let fadeOut = Math.min(music.fadeOut, length);
  if (fadeIn + fadeOut > length) {
    const share = length / (fadeIn + fadeOut);
    fadeIn *= share;
    fadeOut *= share;
  }
  return { from, to, pieceIn: music.sourceIn, pieceLength, fadeIn, fadeOut };
}

/** Where in the track the music is at output time `t` (inside the span). */
export function trackTimeAt(span: MusicSpan, t: number): number {
  const into = Math.max(0, t - span.from);
  return span.pieceIn + (into % span.pieceLength);
}

/** The fade envelope at output time `t`: 0 outside the span, rising and falling linearly inside the fades. */
export function fadeGainAt(span: MusicSpan, t: number): number {
  if (t < span.from || t >= span.to) return 0;
  const sinceStart = t - span.from;
  const untilEnd = span.to - t;
  const rising = span.fadeIn > 0 ? Math.min(1, sinceStart / span.fadeIn) : 1;
  const falling = span.fadeOut > 0 ? Math.min(1, untilEnd / span.fadeOut) : 1;
  return Math.min(rising, falling);
}

/** A track newly put under the sequence: the whole track from the start, looped to fill the output, fading out. */
export function newMusicClip(id: string, track: { id: string; duration: number }, outputSeconds: number, clipHasSound: boolean): MusicClip {
  const end = Math.max(MIN_MUSIC_SECONDS, roundSeconds(outputSeconds));
  return {
    id,
    lane: 'music',
    source: { trackId: track.id },
    start: 0,
    end,
    sourceIn: 0,
    sourceOut: Math.max(MIN_MUSIC_SECONDS, roundSeconds(track.duration)),
    volume: DEFAULT_MUSIC_VOLUME,
    fadeIn: 0,
    fadeOut: Math.min(DEFAULT_MUSIC_FADE_OUT_SECONDS, end / 2),
    loop: true,
    duck: clipHasSound,
  };
}
