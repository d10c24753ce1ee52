import { useQueryClient } from '@tanstack/react-query';
import { Film, FolderOpen, Upload, Wand2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MediaAsset } from '@shared/schemas/media';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { projectMediaKey, useProjectMedia } from '../../api/get-project-media';
import { pendingOutcome } from '../../lib/add-shot';
import { type AfterShot, GenerateShotForm } from './generate-shot-form';
import { MediaBinTab } from './media-bin-tab';
import { OtherProjectsTab } from './other-projects-tab';
import { PendingShot, type Pending } from './pending-shot';
import { UploadShotForm } from './upload-shot-form';

interface AddShotDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** With a shot, the Generate tab offers to continue from its last frame. */
  afterShot: AfterShot | null;
  /** A clip of the project is ready to become the new shot: the whole of it, `seconds` long. The dialog closes itself. */
  onAdd: (mediaId: string, seconds: number) => void;
}

/** Closes the dialog once a clip it waited for is ready: the server placed it in the edit (usePlacedShots says so). */
type OnPlaced = () => void;

type TabName = 'generate' | 'upload' | 'media' | 'other-projects';

/**
 * Adds a shot from a prompt, an upload, the project's media bin or another project's clip (issue 26). Closing it
 * while a shot is generated or processed leaves that going: the server appends the clip to the edit when it is
 * ready (decision 056), and it shows in the Media tab.
 */
export function AddShotDialog({ projectId, open, onOpenChange, afterShot, onAdd }: AddShotDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="content-start sm:max-w-2xl max-sm:top-0 max-sm:left-0 max-sm:h-[calc(100dvh-var(--toast-room,0px))] max-sm:max-h-[calc(100dvh-var(--toast-room,0px))] max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0">
        <DialogHeader>
          <DialogTitle>Add shot</DialogTitle>
          <DialogDescription>Generate a clip, upload one, or pick one you already have: it becomes a new shot of the sequence.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: closing the dialog forgets what it waited for. */}
        <AddShotBody
          projectId={projectId}
          afterShot={afterShot}
          onAdd={(mediaId, seconds) => {
            onAdd(mediaId, seconds);
            toast({ title: 'Shot added' });
            onOpenChange(false);
          }}
          onPlaced={() => {
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function AddShotBody({ projectId, afterShot, onAdd, onPlaced }: Pick<AddShotDialogProps, 'projectId' | 'afterShot' | 'onAdd'> & { onPlaced: OnPlaced }) {
  const [tab, setTab] = useState<TabName>('generate');
  const [pending, setPending] = useState<Pending | null>(null);
  const media = useProjectMedia(projectId);
  const queryClient = useQueryClient();
  useNoticeWhenLeftWaiting(pending, media.data);

  if (pending) {
    return (
      <PendingShot
        pending={pending}
        media={media.data}
        onReady={() => {
          setPending(null);
          // Every reader of the project's media (the timeline's too) learns the clip is ready, and its real length.
          void queryClient.invalidateQueries({ queryKey: projectMediaKey(projectId) });
          // The server has appended it to the edit, and the editor takes it from the media list (usePlacedShots).
          onPlaced();
        }}
        onBack={() => {
          setPending(null);
        }}
      />
    );
  }

  const started = (source: Pending['source']) => (asset: MediaAsset) => {
    setPending({ mediaId: asset.id, source, since: Date.now() });
  };
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        setTab(value as TabName);
      }}
    >
      <TabsList className="mb-2 grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
        <TabsTrigger value="generate">
          <Wand2 aria-hidden className="size-4" />
          Generate
        </TabsTrigger>
        <TabsTrigger value="upload">
          <Upload aria-hidden className="size-4" />
          Upload
        </TabsTrigger>
        <TabsTrigger value="media">
          <Film aria-hidden className="size-4" />
          Media
        </TabsTrigger>
        <TabsTrigger value="other-projects">
          <FolderOpen aria-hidden className="size-4" />
          Other projects
        </TabsTrigger>
      </TabsList>
      {/* Kept mounted while another tab shows: a typed prompt stays, and an upload under way goes on. */}
      <TabsContent value="generate" forceMount className="data-[state=inactive]:hidden">
        <GenerateShotForm projectId={projectId} afterShot={afterShot} onStarted={started('generate')} />
      </TabsContent>
      <TabsContent value="upload" forceMount className="data-[state=inactive]:hidden">
        <UploadShotForm projectId={projectId} afterShotId={afterShot?.id ?? null} onStarted={started('upload')} />
      </TabsContent>
      <TabsContent value="media">
        <MediaBinTab projectId={projectId} media={media} onPick={(asset) => onAdd(asset.id, asset.duration)} />
      </TabsContent>
      <TabsContent value="other-projects">
        <OtherProjectsTab projectId={projectId} active={tab === 'other-projects'} onImported={(asset) => onAdd(asset.id, asset.duration)} />
      </TabsContent>
    </Tabs>
  );
}

/** Closing the dialog while a clip is still being made says what will become of it, since nothing else on screen does. */
function useNoticeWhenLeftWaiting(pending: Pending | null, media: readonly MediaAsset[] | undefined) {
  const waitingFor = pending && pendingOutcome(media, pending.mediaId).state === 'waiting' ? pending : null;
  const waiting = useRef<Pending | null>(null);
  useEffect(() => {
    waiting.current = waitingFor;
  }, [waitingFor]);
  useEffect(
    () => () => {
      const left = waiting.current;
      if (!left) return;
      toast({
        title: left.source === 'generate' ? 'Your shot is still generating' : 'Your video is still processing',
        description: 'It joins the sequence when it is ready, even if you leave the editor.',
      });
    },
    [],
  );
}
