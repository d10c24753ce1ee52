import { RANGES } from '@shared/editor/editor-constants';
import { ValueSlider } from './value-slider';

/** A sound's level and fades, as the music and the voice-over share them. */
interface SoundLevels {
  volume: number;
  fadeIn: number;
  fadeOut: number;
}

interface SoundSlidersProps {
  levels: SoundLevels;
  labels: Record<keyof SoundLevels, string>;
  /** One key at a time; `gesture` is shared by every change of one slide. */
  onChange: (change: Partial<SoundLevels>, gesture?: string) => void;
}

const formatFade = (seconds: number) => `${seconds.toFixed(1)} s`;

/** The volume, fade-in and fade-out sliders of a lane's sound. */
export function SoundSliders({ levels, labels, onChange }: SoundSlidersProps) {
  return (
    <>
      <ValueSlider
        label={labels.volume}
        value={levels.volume}
        range={RANGES.volume}
        format={(value) => `${String(Math.round(value * 100))}%`}
        onChange={(volume, gesture) => {
          onChange({ volume }, gesture);
        }}
      />
      <ValueSlider
        label={labels.fadeIn}
        value={levels.fadeIn}
        range={RANGES.musicFade}
        format={formatFade}
        onChange={(fadeIn, gesture) => {
          onChange({ fadeIn }, gesture);
        }}
      />
      <ValueSlider
        label={labels.fadeOut}
        value={levels.fadeOut}
        range={RANGES.musicFade}
        format={formatFade}
        onChange={(fadeOut, gesture) => {
          onChange({ fadeOut }, gesture);
        }}
      />
    </>
  );
}
