import { useMemo } from 'react';
import { outputDuration } from '@shared/editor/editor-state';
import { musicSpan } from '@shared/editor/music-placement';
import { useEditorAudio } from '../../hooks/editor-audio';
import { musicPeaks } from '../../lib/audio-peaks';
import { firstMusicClip } from '@shared/editor/sequence-controls';
import { useEditor } from '../../store/editor-context';
import { TimelineBar } from './timeline-bar';
import type { MusicLane, TimelineAxis } from './timeline-model';
import { Waveform } from './waveform';

const PX_PER_PEAK = 3;
const MUSIC_COLOR = 'rgba(167,139,250,0.8)';

/**
 * The music lane: a bar to move and stretch like a text bar, with the waveform of what plays inside it
 * (looped, faded) and a level meter that moves while the preview plays the music.
 */
export function MusicLaneRow({ lane, axis }: { lane: MusicLane; axis: TimelineAxis }) {
  const { shown } = useEditor();
  const { trackSound, preview, trackMissing } = useEditorAudio();
  const music = firstMusicClip(shown);
  const outputSeconds = outputDuration(shown);
  const trackAudio = trackSound.status === 'ready' ? trackSound.audio : null;
  const { seconds, peaks } = useMemo(() => {
    const span = music ? musicSpan(music, outputSeconds, trackAudio?.duration) : null;
    if (!span) return { seconds: 0, peaks: [] };
    const length = span.to - span.from;
    const buckets = Math.max(8, Math.round((length * axis.pxPerSecond) / PX_PER_PEAK));
    return { seconds: length, peaks: trackAudio ? musicPeaks(trackAudio, span, buckets) : [] };
  }, [music, outputSeconds, trackAudio, axis.pxPerSecond]);
  const status = trackMissing ? 'missing' : trackSound.status === 'error' ? 'error' : preview.state.music;

  return (
    <div
      role="group"
      aria-label={lane.label}
      data-lane={lane.id}
      data-music-preview={status}
      data-music-level={preview.level.music.toFixed(2)}
      className="relative h-8 border-t border-white/5 pointer-coarse:h-12"
    >
      <TimelineBar
        bar={lane.bar}
        axis={axis}
        onSelect={() => undefined}
        onChange={lane.onChange}
        background={
          <>
            {seconds > 0 ? (
              <Waveform peaks={peaks} seconds={seconds} color={MUSIC_COLOR} className="absolute inset-y-0.5 left-0" style={{ width: seconds * axis.pxPerSecond }} />
            ) : null}
            <span
              aria-hidden
              data-testid="music-level"
              className="absolute bottom-0 left-0 h-0.5 bg-emerald-400 transition-[width] duration-100"
              style={{ width: `${Math.round(preview.level.music * 100)}%` }}
            />
          </>
        }
      />
    </div>
  );
}
