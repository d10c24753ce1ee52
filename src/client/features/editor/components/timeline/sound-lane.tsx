import { useMemo } from 'react';
import type { Shot } from '@shared/editor/editor-state';
import type { SequenceLayout } from '@shared/editor/time-map';
import { useDecodedAudio } from '../../hooks/use-decoded-audio';
import { audioPeaks, hasSound } from '../../lib/audio-peaks';
import type { ShotSourceOf } from '../../lib/shot-source';
import { shotTiles, type ShotTile } from '../../lib/shot-tiles';
import { useEditor } from '../../store/editor-context';
import type { SoundLane, TimelineAxis } from './timeline-model';
import { Waveform } from './waveform';

/** One peak per this many pixels of a waveform. */
const PX_PER_PEAK = 3;

interface SoundLaneRowProps {
  lane: SoundLane;
  axis: TimelineAxis;
  layout: SequenceLayout;
  sourceOf: ShotSourceOf;
}

/** The shots' own sound under their pictures: each shot's waveform over its piece of the lane, dimmed when muted. */
export function SoundLaneRow({ lane, axis, layout, sourceOf }: SoundLaneRowProps) {
  const { shown } = useEditor();
  return (
    <div role="group" aria-label={lane.label} data-lane={lane.id} className="relative h-8 border-t border-white/5">
      {shotTiles(layout).map((tile) => {
        const shot = shown.shots[tile.index];
        return shot ? <ShotSound key={shot.id} shot={shot} tile={tile} url={sourceOf(shot)?.url} pxPerSecond={axis.pxPerSecond} /> : null;
      })}
    </div>
  );
}

function ShotSound({ shot, tile, url, pxPerSecond }: { shot: Shot; tile: ShotTile; url: string | undefined; pxPerSecond: number }) {
  const sound = useDecodedAudio(url);
  const seconds = tile.end - tile.start;
  const width = seconds * pxPerSecond;
  const buckets = Math.max(4, Math.round(width / PX_PER_PEAK));
  const audio = sound.status === 'ready' ? sound.audio : null;
  const audible = useMemo(() => (audio ? hasSound(audio) : sound.status !== 'error'), [audio, sound.status]);
  const peaks = useMemo(() => (audio ? audioPeaks(audio, buckets, tile.sourceFrom, tile.sourceFrom + seconds) : []), [audio, buckets, tile.sourceFrom, seconds]);
  const note = sound.status === 'loading' ? 'Reading the sound…' : !audible ? 'No sound in this clip' : shot.muted ? 'Muted' : null;
  return (
    <div className="absolute inset-y-0 overflow-hidden border-r border-black/40" style={{ left: tile.start * pxPerSecond, width }}>
      {audible ? (
        <Waveform
          peaks={peaks}
          seconds={seconds}
          color={shot.muted ? 'rgba(148,163,184,0.35)' : `rgba(56,189,248,${0.4 + 0.5 * shot.volume})`}
          className="absolute inset-y-1 left-0"
          style={{ width }}
        />
      ) : null}
      {note ? <span className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 truncate text-[10px] text-muted-foreground">{note}</span> : null}
    </div>
  );
}
