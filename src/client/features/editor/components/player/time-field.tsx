import { useState } from 'react';
import { formatTime } from '../../lib/format-time';
import { parseTime } from '../../lib/parse-time';

interface TimeFieldProps {
  time: number;
  duration: number;
  onSeek: (time: number) => void;
}

/**
 * The playhead's time; click it (or focus it and press Enter) to type a time to go to, as '1:02.5' or '62.5',
 * then Enter. Escape or leaving the field keeps the playhead where it is.
 */
export function TimeField({ time, duration, onSeek }: TimeFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && parseTime(draft) === null;

  if (draft === null) {
    return (
      <button
        type="button"
        data-testid="current-time"
        title="Go to a time"
        aria-label={`Current time ${formatTime(time)}. Go to a time`}
        className="rounded px-0.5 text-foreground hover:bg-white/10"
        onClick={() => {
          setDraft(formatTime(time));
        }}
      >
        {formatTime(time)}
      </button>
    );
  }
  return (
    <input
      aria-label="Go to time"
      aria-invalid={invalid}
      autoFocus
      value={draft}
      className="w-[4.5rem] rounded border border-white/20 bg-black/40 px-1 text-foreground aria-invalid:border-destructive"
      onFocus={(event) => {
        event.currentTarget.select();
      }}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          setDraft(null);
        } else if (event.key === 'Enter') {
          const seconds = parseTime(draft);
          if (seconds === null) return;
          onSeek(Math.min(duration, seconds));
          setDraft(null);
        }
      }}
      onBlur={() => {
        setDraft(null);
      }}
    />
  );
}
