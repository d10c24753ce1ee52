import { TriangleAlert } from 'lucide-react';
import { Textarea } from '@/components/ui/textarea';
import type { ScriptHints } from '../../lib/script-hints';

interface ScriptBoxProps {
  script: string;
  hints: ScriptHints;
  disabled: boolean;
  onChange: (script: string) => void;
}

/**
 * The voice-over's script: nothing typed is cut off. Under it, a live count of the words it is read as and its
 * characters against their limits, a plain sentence when it is over one, and a warning when it would run well past
 * the video, all before anything is spent. The box grows with its text up to a height, then scrolls.
 */
export function ScriptBox({ script, hints, disabled, onChange }: ScriptBoxProps) {
  return (
    <>
      <Textarea
        id="voice-script"
        value={script}
        placeholder="What the voice says over your video."
        aria-invalid={hints.problem !== null}
        aria-describedby="voice-script-count"
        className="max-h-60 overflow-y-auto"
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      />
      <span id="voice-script-count" className="text-right text-xs text-muted-foreground">
        {hints.count}
      </span>
      {hints.problem && (
        <p role="alert" className="text-sm text-red-300">
          {hints.problem}
        </p>
      )}
      {hints.overrun && (
        <p role="note" className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-xs">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span>{hints.overrun}</span>
        </p>
      )}
    </>
  );
}
