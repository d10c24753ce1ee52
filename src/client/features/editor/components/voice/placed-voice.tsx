import { Trash2 } from 'lucide-react';
import { RANGES } from '@shared/editor/editor-constants';
import type { VoiceClip } from '@shared/editor/editor-state';
import { Button } from '@/components/ui/button';
import { formatDuration } from '../../lib/format-time';
import { useEditor } from '../../store/editor-context';
import type { VoiceChange } from '../../store/voice-commands';
import { ValueSlider } from '../value-slider';

const formatFade = (seconds: number) => `${seconds.toFixed(1)} s`;

/** The voice-over on the voice lane: how long it is, its level and fades, and taking it away. */
export function PlacedVoice({ voice }: { voice: VoiceClip }) {
  const { dispatch } = useEditor();
  const change = (next: VoiceChange, gesture?: string) => {
    dispatch({ type: 'changeVoice', change: next, gesture });
  };
  return (
    <div className="grid gap-3 rounded-md border border-white/10 p-3">
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>On the voice lane · {formatDuration(voice.sourceOut - voice.sourceIn)}</span>
        <Button type="button" variant="ghost" size="sm" onClick={() => dispatch({ type: 'removeVoice' })}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>
      <ValueSlider
        label="Voice volume"
        value={voice.volume}
        range={RANGES.volume}
        format={(value) => `${String(Math.round(value * 100))}%`}
        onChange={(volume, gesture) => {
          change({ volume }, gesture);
        }}
      />
      <ValueSlider
        label="Voice fade in"
        value={voice.fadeIn}
        range={RANGES.musicFade}
        format={formatFade}
        onChange={(fadeIn, gesture) => {
          change({ fadeIn }, gesture);
        }}
      />
      <ValueSlider
        label="Voice fade out"
        value={voice.fadeOut}
        range={RANGES.musicFade}
        format={formatFade}
        onChange={(fadeOut, gesture) => {
          change({ fadeOut }, gesture);
        }}
      />
    </div>
  );
}
