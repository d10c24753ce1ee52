import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { formatTime } from '../../lib/format-time';
import { parseTime } from '../../lib/parse-time';

interface TrackTimeFieldProps {
  id: string;
  label: string;
  value: number;
  max: number;
  onCommit: (seconds: number) => void;
}

/**
 * A time in the track, typed as seconds or m:ss and applied on Enter or when the field is left (one undo
 * step), not at each key press. Mount it with `key={value}` so an undo or a clamp shows the stored value.
 */
export function TrackTimeField({ id, label, value, max, onCommit }: TrackTimeFieldProps) {
  const [draft, setDraft] = useState(() => formatTime(value));
  const [error, setError] = useState<string | undefined>();

  const commit = () => {
    const seconds = parseTime(draft);
    if (seconds === null || seconds > max) {
      setError(`Enter a time from 0:00 to ${formatTime(max)}, like 1:05 or 65`);
      return;
    }
    setError(undefined);
    if (Math.abs(seconds - value) > 0.005) onCommit(seconds);
    // A new value remounts the field (its key); one the store kept as it was is shown again here.
    setDraft(formatTime(value));
  };

  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          className="h-9 font-mono tabular-nums"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            } else if (event.key === 'Escape') {
              setDraft(formatTime(value));
              setError(undefined);
            }
          }}
        />
      )}
    </FormField>
  );
}
