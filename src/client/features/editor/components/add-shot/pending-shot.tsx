import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { MediaAsset } from '@shared/schemas/media';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useNow } from '@/hooks/use-now';
import { currentUserQueryKey } from '../../api/get-current-user';
import { pendingOutcome } from '../../lib/add-shot';

/** A clip of the project the dialog waits for: a shot being generated, or an uploaded video being processed. */
export interface Pending {
  mediaId: string;
  source: 'generate' | 'upload';
  /** Date.now() when it was started, for the generation's estimate. */
  since: number;
}

/** A shot takes about a minute to generate: the bar fills over that and then waits at 95 %. */
const EXPECTED_MS = 60_000;

interface PendingShotProps {
  pending: Pending;
  media: readonly MediaAsset[] | undefined;
  onReady: () => void;
  onBack: () => void;
}

/**
 * Waits on the media list (read every few seconds while something is made) until the clip is ready or failed; a
 * clip ready but left out of the sequence stays on screen with why.
 */
export function PendingShot({ pending, media, onReady, onBack }: PendingShotProps) {
  const outcome = pendingOutcome(media, pending.mediaId);
  const queryClient = useQueryClient();
  // Each outcome is acted on once, however often the list is read again.
  const settled = useRef(false);
  const readySeconds = outcome.state === 'ready' ? outcome.seconds : null;
  const failure = outcome.state === 'failed' ? outcome.message : null;

  useEffect(() => {
    if (readySeconds === null || settled.current) return;
    settled.current = true;
    onReady();
  }, [readySeconds, onReady]);

  useEffect(() => {
    if (failure === null || settled.current) return;
    settled.current = true;
    const title = pending.source === 'generate' ? 'Generation failed' : 'Upload failed';
    toast({ variant: 'destructive', title, description: failure });
    // A failed shot gives its credits back.
    if (pending.source === 'generate') void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [failure, pending.source, queryClient]);

  if (outcome.state === 'failed') {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertTitle>{pending.source === 'generate' ? 'The shot could not be generated' : 'The video could not be added'}</AlertTitle>
          <AlertDescription>{outcome.message}</AlertDescription>
        </Alert>
        <Button type="button" variant="outline" className="justify-self-start" onClick={onBack}>
          Try again
        </Button>
      </div>
    );
  }
  if (outcome.state === 'left-out') {
    return (
      <div className="grid gap-4">
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <AlertTitle>The clip is ready, but not in the sequence</AlertTitle>
          <AlertDescription>{`${outcome.message} It is in the Media tab: add it from there once the sequence has room.`}</AlertDescription>
        </Alert>
        <Button type="button" variant="outline" className="justify-self-start" onClick={onBack}>
          Back
        </Button>
      </div>
    );
  }
  return pending.source === 'generate' ? <Generating since={pending.since} /> : <Processing />;
}

function Generating({ since }: { since: number }) {
  const now = useNow(1000);
  const percent = Math.min(95, Math.round(((now - since) / EXPECTED_MS) * 100));
  return (
    <Waiting label="Generating… this takes about a minute">
      <Progress value={Math.max(0, percent)} aria-label="Generation progress" />
    </Waiting>
  );
}

function Processing() {
  return (
    <Waiting label="Processing your video…">
      <Progress value={null} aria-label="Processing progress" />
    </Waiting>
  );
}

function Waiting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-3 py-2" data-testid="add-shot-waiting">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <Spinner aria-hidden className="shrink-0" />
        {label}
      </p>
      {children}
      <p className="text-xs text-muted-foreground">
        It is added to the sequence as soon as it is ready. You can close this dialog or leave the editor: it keeps going and shows in the Media tab too.
      </p>
    </div>
  );
}
