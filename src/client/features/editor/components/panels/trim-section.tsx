import { ArrowLeftToLine, ArrowRightToLine, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { trimOf } from '@shared/editor/sequence-controls';
import { formatTime } from '../../lib/format-time';
import { trimMessage } from '../../lib/trim-message';
import { trimWithIn, trimWithOut } from '../../store/edit-actions';
import { useEditor } from '../../store/editor-context';

interface TrimSectionProps {
  /** Reads the playhead at the moment a button is pressed. */
  currentTime: () => number;
  duration: number;
}

export function TrimSection({ currentTime, duration }: TrimSectionProps) {
  const { store, dispatch } = useEditor();
  const trim = trimOf(store.present);
  const { start, end } = trim;
  const untouched = start === 0 && end === duration;

  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <TrimValue label="In" value={formatTime(start)} />
        <TrimValue label="Out" value={formatTime(end)} />
        <TrimValue label="Length" value={formatTime(end - start)} />
      </dl>
      <div className="grid grid-cols-3 gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            const time = currentTime();
            dispatch({ type: 'setTrimIn', time });
            toast(trimMessage('in', trim, trimWithIn(trim, time, duration)));
          }}
        >
          <ArrowLeftToLine aria-hidden />
          Set In
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            const time = currentTime();
            dispatch({ type: 'setTrimOut', time });
            toast(trimMessage('out', trim, trimWithOut(trim, time, duration)));
          }}
        >
          <ArrowRightToLine aria-hidden />
          Set Out
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={untouched}
          onClick={() => {
            dispatch({ type: 'resetTrim' });
            toast({ title: 'Trim reset', description: 'The whole video is used again.' });
          }}
        >
          <RotateCcw aria-hidden />
          Reset
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Move the playhead, then set where the video starts and ends.</p>
    </div>
  );
}

function TrimValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-white/5 px-2 py-1.5">
      <dt className="text-[11px] text-muted-foreground">{label}</dt>
      <dd data-testid={`trim-${label.toLowerCase()}`} className="font-mono text-xs tabular-nums">
        {value}
      </dd>
    </div>
  );
}
