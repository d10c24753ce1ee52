import { useMemo } from 'react';
import { outputDuration, voiceClips, type AudioClip } from '@shared/editor/editor-state';
import { musicSpan } from '@shared/editor/music-placement';
import { firstMusicClip } from '@shared/editor/sequence-controls';
import { useEditorAudio, type EditorAudio } from '../../hooks/editor-audio';
import type { DecodedAudioState } from '../../hooks/use-decoded-audio';
import type { SoundLaneId } from '../../hooks/use-lanes-preview';
import { musicPeaks } from '../../lib/audio-peaks';
import { useEditor } from '../../store/editor-context';
import { TimelineBar } from './timeline-bar';
import type { AudioLane, TimelineAxis } from './timeline-model';
import { Waveform } from './waveform';

const PX_PER_PEAK = 3;
const COLORS: Record<SoundLaneId, string> = { music: 'rgba(167,139,250,0.8)', voice: 'rgba(251,191,36,0.8)' };

/** What a lane plays: its clip as the export places it, and its source's decoded sound. */
function laneSound(lane: SoundLaneId, clips: { music: AudioClip | null; voice: AudioClip | undefined }, audio: EditorAudio): { clip: AudioClip | null; sound: DecodedAudioState; missing: boolean } {
  if (lane === 'music') return { clip: clips.music, sound: audio.trackSound, missing: audio.trackMissing };
  return { clip: clips.voice ?? null, sound: audio.voiceSound, missing: false };
}

/**
 * A lane of sound under the shots (the music, the voice-over): a bar to move and stretch like a text bar, with its
 * name above the waveform of what plays inside it (looped, faded) and a level meter that moves while the preview plays it.
 */
export function AudioLaneRow({ lane, axis }: { lane: AudioLane; axis: TimelineAxis }) {
  const { shown } = useEditor();
  const editorAudio = useEditorAudio();
  const { clip, sound, missing } = laneSound(lane.lane, { music: firstMusicClip(shown), voice: voiceClips(shown)[0] }, editorAudio);
  const outputSeconds = outputDuration(shown);
  const audio = sound.status === 'ready' ? sound.audio : null;
  const { seconds, peaks } = useMemo(() => {
    const span = clip ? musicSpan(clip, outputSeconds, audio?.duration) : null;
    if (!span) return { seconds: 0, peaks: [] };
    const length = span.to - span.from;
    const buckets = Math.max(8, Math.round((length * axis.pxPerSecond) / PX_PER_PEAK));
    return { seconds: length, peaks: audio ? musicPeaks(audio, span, buckets) : [] };
  }, [clip, outputSeconds, audio, axis.pxPerSecond]);
  const level = editorAudio.preview.level[lane.lane];
  const status = missing ? 'missing' : sound.status === 'error' ? 'error' : editorAudio.preview.state[lane.lane];

  return (
    <div
      role="group"
      aria-label={lane.label}
      data-lane={lane.id}
      data-preview={status}
      data-level={level.toFixed(2)}
      // Taller than a text's lane: the bar's name has a strip of its own above the waveform (decision 065).
      className="relative h-10 border-t border-white/5 pointer-coarse:h-13"
    >
      <TimelineBar
        bar={lane.bar}
        axis={axis}
        onSelect={() => undefined}
        onChange={lane.onChange}
        background={
          <>
            {seconds > 0 ? (
              <Waveform peaks={peaks} seconds={seconds} color={COLORS[lane.lane]} className="absolute top-3 bottom-0.5 left-0" style={{ width: seconds * axis.pxPerSecond }} />
            ) : null}
            <span
              aria-hidden
              data-testid={`${lane.lane}-level`}
              className="absolute bottom-0 left-0 h-0.5 bg-emerald-400 transition-[width] duration-100"
              style={{ width: `${Math.round(level * 100)}%` }}
            />
          </>
        }
      />
    </div>
  );
}
