import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { SaveStatus } from '../lib/autosaver';

const LABELS: Record<SaveStatus, string> = {
  saving: 'Saving…',
  saved: 'All changes saved',
  error: 'Save failed — retrying',
};

export function SaveIndicator({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  return (
    <div className="flex items-center gap-1.5 text-xs">
      <p role="status" className="flex items-center gap-1.5 text-muted-foreground">
        {status === 'saving' && <LoaderCircle className="size-3.5 animate-spin" aria-hidden />}
        {status === 'saved' && <CircleCheck className="size-3.5 text-emerald-400" aria-hidden />}
        {status === 'error' && <CircleAlert className="size-3.5 text-red-400" aria-hidden />}
        <span className={status === 'error' ? 'text-red-300' : 'max-md:sr-only'}>{LABELS[status]}</span>
      </p>
      {status === 'error' && (
        <Button type="button" variant="link" size="sm" className="h-auto px-1 text-xs" onClick={onRetry}>
          Retry now
        </Button>
      )}
    </div>
  );
}
