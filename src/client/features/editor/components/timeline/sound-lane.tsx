import { useMemo } from 'react';
import { sequenceSound } from '@shared/editor/sequence-controls';
import { useEditor } from '../../store/editor-context';
import { useEditorAudio } from '../../hooks/editor-audio';
import { audioPeaks } from '../../lib/audio-peaks';
import type { SoundLane, TimelineAxis } from './timeline-model';
import { Waveform } from './waveform';

/** One peak per this many pixels of the clip's waveform. */
const PX_PER_PEAK = 3;

/** The clip's own sound along the whole clip: its waveform, dimmed when muted. */
export function SoundLaneRow({ lane, axis }: { lane: SoundLane; axis: TimelineAxis }) {
  const { shown } = useEditor();
  const { clipSound, clipHasSound } = useEditorAudio();
  const { muted, volume } = sequenceSound(shown);
  const width = axis.duration * axis.pxPerSecond;
  const buckets = Math.max(16, Math.round(width / PX_PER_PEAK));
  const peaks = useMemo(() => (clipSound.status === 'ready' ? audioPeaks(clipSound.audio, buckets) : []), [clipSound, buckets]);
  const note = clipSound.status === 'loading' ? 'Reading the sound…' : !clipHasSound ? 'No sound in this clip' : muted ? 'Muted' : null;
  return (
    <div role="group" aria-label={lane.label} data-lane={lane.id} className="relative h-8 border-t border-white/5">
      {clipHasSound ? (
        <Waveform
          peaks={peaks}
          seconds={axis.duration}
          color={muted ? 'rgba(148,163,184,0.35)' : `rgba(56,189,248,${0.4 + 0.5 * volume})`}
          className="absolute inset-y-1 left-0"
          style={{ width }}
        />
      ) : null}
      {note ? <span className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-[10px] text-muted-foreground">{note}</span> : null}
    </div>
  );
}
