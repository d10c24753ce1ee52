import { useEditor } from '../../store/editor-context';

/**
 * Where the short-video apps cover a portrait frame, in percent of it (measured on TikTok, Instagram
 * Reels and YouTube Shorts at 1080 × 1920 and rounded out to the largest of the three).
 */
const ZONES = [
  { name: 'Top bar', left: 0, top: 0, width: 100, height: 9 },
  { name: 'Buttons', left: 84, top: 36, width: 16, height: 46 },
  { name: 'Caption and account', left: 0, top: 78, width: 84, height: 22 },
] as const;

/** Translucent areas over the frame where the apps' own UI will sit; a guide for placing text, never exported. */
export function SafeZoneGuides() {
  const { showSafeZones } = useEditor();
  if (!showSafeZones) return null;
  return (
    <div aria-hidden data-testid="safe-zone-guides" className="pointer-events-none absolute inset-0 z-20">
      {ZONES.map((zone) => (
        <div
          key={zone.name}
          style={{ left: `${zone.left}%`, top: `${zone.top}%`, width: `${zone.width}%`, height: `${zone.height}%` }}
          className="absolute flex items-start justify-start border border-dashed border-red-300/70 bg-red-500/20 p-1"
        >
          <span className="rounded bg-black/60 px-1 text-[10px] leading-tight text-red-100">{zone.name}</span>
        </div>
      ))}
    </div>
  );
}
