import { useId } from 'react';
import type { VoiceClip } from '@shared/editor/editor-state';
import { formatDuration } from '../../lib/format-time';
import { useEditor } from '../../store/editor-context';
import type { VoiceChange } from '../../store/voice-commands';
import { SettingToggle } from '../setting-toggle';
import { SoundSliders } from '../sound-sliders';
import { RemoveVoiceButton } from './remove-voice-button';

/** The voice-over on the voice lane: how long it is, its level and fades, the shots' ducking under it, and taking it away. */
export function PlacedVoice({ voice }: { voice: VoiceClip }) {
  const { dispatch } = useEditor();
  const id = useId();
  const change = (next: VoiceChange, gesture?: string) => {
    dispatch({ type: 'changeVoice', change: next, gesture });
  };
  return (
    <div className="grid gap-3 rounded-md border border-white/10 p-3">
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>On the voice lane · {formatDuration(voice.sourceOut - voice.sourceIn)}</span>
        <RemoveVoiceButton />
      </div>
      <SoundSliders levels={voice} labels={{ volume: 'Voice volume', fadeIn: 'Voice fade in', fadeOut: 'Voice fade out' }} onChange={change} />
      <SettingToggle
        id={`${id}-duck`}
        label="Lower the video's sound"
        hint="Duck the shots' own sound while the voice-over speaks (music ducks with its own setting)."
        checked={voice.duck}
        onChange={(duck) => {
          change({ duck });
        }}
      />
    </div>
  );
}
