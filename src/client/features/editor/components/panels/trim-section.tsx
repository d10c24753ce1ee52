import { ArrowLeftToLine, ArrowRightToLine, RotateCcw } from 'lucide-react';
import type { SequenceLayout } from '@shared/editor/time-map';
import { frameAt } from '@shared/editor/time-map';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useClockTime } from '../../hooks/use-clock-time';
import { formatTime } from '../../lib/format-time';
import type { SequenceClock } from '../../lib/sequence-clock';
import type { ShotSourceOf } from '../../lib/shot-source';
import { trimTargetIndex } from '../../lib/trim-target';
import { useEditor } from '../../store/editor-context';

interface TrimSectionProps {
  clock: SequenceClock;
  layout: SequenceLayout;
  sourceOf: ShotSourceOf;
}

/**
 * The cut of the shot under the playhead, or of the one whose edge is being dragged on the lane until the playhead
 * moves (trim-target.ts): where in its clip it starts and ends. Set In and Set Out cut it at the
 * frame the player shows; the shots after it follow. Reset uses its whole clip again.
 */
export function TrimSection({ clock, layout, sourceOf }: TrimSectionProps) {
  const { store, dispatch, trimFocus } = useEditor();
  const time = useClockTime(clock);
  const shots = store.present.shots;
  const index = trimTargetIndex(shots, layout, time, trimFocus);
  const shot = index === undefined ? undefined : shots[index];
  if (index === undefined || !shot) return null;
  const clipSeconds = sourceOf(shot)?.seconds ?? shot.out;
  const untouched = shot.in === 0 && shot.out === clipSeconds;
  const trimAt = (edge: 'in' | 'out') => {
    // The playhead's frame, read when the button is pressed: playback may have moved it since the last render.
    const now = frameAt(layout, clock.currentTime);
    if (!now || now.shot.index !== index) return;
    dispatch({ type: 'trimShot', id: shot.id, edge, time: now.shot.sourceTime, clipSeconds });
    const where = formatTime(now.shot.sourceTime);
    toast(
      edge === 'in'
        ? { title: 'In point set', description: `${shots.length > 1 ? `Shot ${index + 1}` : 'The video'} now starts at ${where} of its clip.` }
        : { title: 'Out point set', description: `${shots.length > 1 ? `Shot ${index + 1}` : 'The video'} now ends at ${where} of its clip.` },
    );
  };

  return (
    <div className="grid gap-3">
      {shots.length > 1 && (
        <p data-testid="trim-shot" className="text-xs font-medium text-muted-foreground">
          Shot {index + 1} of {shots.length}
        </p>
      )}
      <dl className="grid grid-cols-3 gap-2 text-center">
        <TrimValue label="In" value={formatTime(shot.in)} />
        <TrimValue label="Out" value={formatTime(shot.out)} />
        <TrimValue label="Length" value={formatTime(shot.out - shot.in)} />
      </dl>
      <div className="grid grid-cols-3 gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => trimAt('in')}>
          <ArrowLeftToLine aria-hidden />
          Set In
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => trimAt('out')}>
          <ArrowRightToLine aria-hidden />
          Set Out
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={untouched}
          onClick={() => {
            dispatch({ type: 'resetShotTrim', id: shot.id, clipSeconds });
            toast({ title: 'Trim reset', description: shots.length > 1 ? `Shot ${index + 1} uses its whole clip again.` : 'The whole video is used again.' });
          }}
        >
          <RotateCcw aria-hidden />
          Reset
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Move the playhead, then set where {shots.length > 1 ? 'this shot' : 'the video'} starts and ends.</p>
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
