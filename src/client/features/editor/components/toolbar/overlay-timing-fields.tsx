import { useState } from 'react';
import type { TextOverlay } from '@shared/editor/editor-state';
import { Input } from '@/components/ui/input';
import { formatTime } from '../../lib/format-time';
import { parseTime } from '../../lib/parse-time';
import type { TimingEdit } from '../../store/overlay-timing';
import { useEditor } from '../../store/editor-context';

/** When the text shows, typed as m:ss.ss on the video's own timeline (0:00 is its first frame after the trim). */
export function OverlayTimingFields({ overlay }: { overlay: TextOverlay }) {
  const { dispatch } = useEditor();
  const set = (edit: TimingEdit) => {
    dispatch({ type: 'setOverlayTiming', id: overlay.id, edit });
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      <TimeInput label="Show from" value={overlay.start} onCommit={(start) => set({ edge: 'start', start })} />
      <TimeInput label="Until" value={overlay.end} onCommit={(end) => set({ edge: 'end', end })} />
    </div>
  );
}

interface TimeInputProps {
  label: string;
  value: number;
  onCommit: (seconds: number) => void;
}

/** Typed freely; Enter or leaving the field applies it, Escape or a value that is not a time puts the old one back. */
function TimeInput({ label, value, onCommit }: TimeInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    const seconds = draft === null ? null : parseTime(draft);
    if (seconds !== null) onCommit(seconds);
    setDraft(null);
  };
  return (
    <label className="grid gap-1.5 text-xs font-medium text-muted-foreground">
      {label}
      <Input
        inputMode="decimal"
        className="h-8 font-mono tabular-nums"
        value={draft ?? formatTime(value)}
        onChange={(event) => {
          setDraft(event.target.value);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(null);
        }}
      />
    </label>
  );
}
