import { Volume2, VolumeX } from 'lucide-react';
import { RANGES } from '@shared/editor/editor-constants';
import { sequenceSound } from '@shared/editor/sequence-controls';
import { Button } from '@/components/ui/button';
import { useEditor } from '../../store/editor-context';
import { ValueSlider } from '../value-slider';

export function AudioSection() {
  const { store, dispatch } = useEditor();
  const { volume, muted } = sequenceSound(store.present);

  return (
    <div className="grid gap-3">
      <ValueSlider
        label="Volume"
        value={volume}
        range={RANGES.volume}
        format={(value) => `${Math.round(value * 100)}%`}
        onChange={(next, gesture) => dispatch({ type: 'setVolume', volume: next, gesture })}
      />
      <Button
        type="button"
        variant={muted ? 'secondary' : 'outline'}
        size="sm"
        aria-pressed={muted}
        className="w-fit"
        onClick={() => dispatch({ type: 'setMuted', muted: !muted })}
      >
        {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
        Mute
      </Button>
    </div>
  );
}
