import { memo, useEffect, useRef } from 'react';
import { frameKey, useFilmstripFrames } from '../../hooks/use-filmstrip-frames';

const HEIGHT = 40;
/** Assumed until the clip's own shape is known. */
const PORTRAIT = 9 / 16;

interface FilmstripProps {
  videoUrl: string;
  /** The second of the clip at the strip's left edge, and the seconds the strip covers. */
  sourceFrom: number;
  seconds: number;
  pxPerSecond: number;
  /** The part of the strip in view (px from its left edge): only thumbnails near it are drawn and decoded. */
  visibleFrom: number;
  visibleTo: number;
}

/**
 * A shot's frames along its piece of the lane, each decoded once it comes into view, a placeholder until then.
 * Memoised: the playhead moves every frame during playback, the filmstrip does not.
 */
export const Filmstrip = memo(function Filmstrip({ videoUrl, sourceFrom, seconds, pxPerSecond, visibleFrom, visibleTo }: FilmstripProps) {
  const { frames, aspect, request } = useFilmstripFrames(videoUrl, HEIGHT);
  const width = Math.round(HEIGHT * (aspect ?? PORTRAIT));
  const count = Math.max(1, Math.ceil((seconds * pxPerSecond) / width));
  const margin = visibleTo - visibleFrom;
  const slots = Array.from({ length: count }, (_, i) => ({ left: i * width, time: sourceFrom + ((i + 0.5) * width) / pxPerSecond })).filter(
    (slot) => slot.left + width >= visibleFrom - margin && slot.left <= visibleTo + margin,
  );
  const wanted = slots
    .filter((slot) => slot.left + width >= visibleFrom && slot.left <= visibleTo)
    .map((slot) => frameKey(slot.time))
    .join(',');
  // Asked again for a new clip too: its frames start from nothing.
  useEffect(() => {
    request(wanted === '' ? [] : wanted.split(',').map(Number));
  }, [wanted, request, videoUrl]);

  return (
    <div aria-hidden className="absolute inset-0 overflow-hidden">
      {slots.map((slot) => (
        <Thumbnail key={slot.left} left={slot.left} width={width} bitmap={frames.get(frameKey(slot.time))} />
      ))}
    </div>
  );
});

function Thumbnail({ left, width, bitmap }: { left: number; width: number; bitmap: ImageBitmap | undefined }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !bitmap) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  }, [bitmap]);

  return bitmap ? (
    <canvas ref={canvasRef} data-testid="filmstrip-frame" style={{ left, width, height: HEIGHT }} className="absolute top-0 object-cover" />
  ) : (
    <div style={{ left, width, height: HEIGHT }} className="absolute top-0 animate-pulse border-r border-black/40 bg-white/10" />
  );
}
