import { ChevronLeft, ChevronRight, Copy, Film, Plus, Scissors, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { frameAt, type SequenceLayout } from '@shared/editor/time-map';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { newId } from '../../lib/ids';
import { AddShotDialog } from '../add-shot/add-shot-dialog';
import { useEditor } from '../../store/editor-context';

interface ShotActionsProps {
  layout: SequenceLayout;
  /** The playhead, output seconds: the buttons act on the shot under it. */
  time: number;
}

/**
 * The video lane's buttons: add a shot after the one under the playhead, split that one there (S), duplicate it,
 * delete it, move it. A phone's row has no room for six of a finger's width: there one button opens them, each
 * 44 px square (the editor's touch-target rule does not reach into the popover, which is portalled out of it).
 */
export function ShotActions({ layout, time }: ShotActionsProps) {
  const { projectId, shown, dispatch } = useEditor();
  const [adding, setAdding] = useState(false);
  const index = frameAt(layout, time)?.shot.index ?? 0;
  const shot = shown.shots[index];
  const buttons = shot ? <ShotButtons index={index} shotId={shot.id} time={time} onAdd={() => setAdding(true)} /> : null;
  return (
    <>
      <div className="max-lg:hidden">{buttons}</div>
      <Popover>
        <PopoverTrigger asChild>
          <Button type="button" variant="ghost" size="icon" className="size-7 lg:hidden" aria-label="Shot actions" title="Split, duplicate, move or delete the shot at the playhead">
            <Film aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-1 [&_button]:size-11">{buttons}</PopoverContent>
      </Popover>
      <AddShotDialog
        projectId={projectId}
        open={adding}
        onOpenChange={setAdding}
        afterShot={shot ? { id: shot.id, mediaId: shot.mediaId, out: shot.out } : null}
        onAdd={(mediaId, seconds) => {
          dispatch({ type: 'addShot', afterId: shot?.id ?? null, mediaId, seconds, newId: newId() });
        }}
      />
    </>
  );
}

function ShotButtons({ index, shotId, time, onAdd }: { index: number; shotId: string; time: number; onAdd: () => void }) {
  const { shown, dispatch, held } = useEditor();
  const count = shown.shots.length;
  return (
    <div role="toolbar" aria-label={`Shot ${index + 1} of ${count}`} className="flex items-center gap-0.5">
      <ShotButton label="Add a shot after this one: generate, upload or pick a clip" name="Add shot" disabled={held} onClick={onAdd}>
        <Plus aria-hidden />
      </ShotButton>
      <ShotButton label="Split at the playhead (S)" name="Split shot" disabled={held} onClick={() => dispatch({ type: 'splitShot', at: time, newId: newId() })}>
        <Scissors aria-hidden />
      </ShotButton>
      <ShotButton label="Duplicate this shot" name="Duplicate shot" disabled={held} onClick={() => dispatch({ type: 'duplicateShot', id: shotId, newId: newId() })}>
        <Copy aria-hidden />
      </ShotButton>
      <ShotButton label="Move this shot earlier (Alt+←)" name="Move shot earlier" disabled={held || index === 0} onClick={() => dispatch({ type: 'moveShot', id: shotId, to: index - 1 })}>
        <ChevronLeft aria-hidden />
      </ShotButton>
      <ShotButton label="Move this shot later (Alt+→)" name="Move shot later" disabled={held || index === count - 1} onClick={() => dispatch({ type: 'moveShot', id: shotId, to: index + 1 })}>
        <ChevronRight aria-hidden />
      </ShotButton>
      <ShotButton label={count > 1 ? 'Delete this shot' : 'A video keeps at least one shot'} name="Delete shot" disabled={held || count < 2} onClick={() => dispatch({ type: 'removeShot', id: shotId })}>
        <Trash2 aria-hidden />
      </ShotButton>
    </div>
  );
}

function ShotButton({ label, name, disabled, onClick, children }: { label: string; name: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={name} title={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}
