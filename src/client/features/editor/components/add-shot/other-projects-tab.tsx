import type { MediaAsset } from '@shared/schemas/media';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useImportableClips } from '../../api/get-importable-clips';
import { useImportClip } from '../../api/import-clip';
import { importableClipTitle, originLabel } from '../../lib/add-shot';
import { ClipGrid, ClipTile } from './clip-grid';

interface OtherProjectsTabProps {
  projectId: string;
  /** The list is read when the tab is first shown. */
  active: boolean;
  onImported: (asset: MediaAsset) => void;
}

/** The creator's ready clips in their other projects; choosing one copies it into this project, then adds it. */
export function OtherProjectsTab({ projectId, active, onImported }: OtherProjectsTabProps) {
  const clips = useImportableClips(projectId, active);
  const importClip = useImportClip({
    onSuccess: onImported,
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Import failed', description: errorMessage(error, 'The clip could not be copied into this project.') });
    },
  });
  const importing = importClip.isPending ? importClip.variables.mediaId : null;

  return (
    <ClipGrid
      label="Clips from your other projects"
      loading={clips.isPending}
      error={clips.isError ? errorMessage(clips.error, 'Your other projects’ clips could not be loaded.') : null}
      onRetry={() => void clips.refetch()}
      empty="Your other projects have no ready clips yet."
    >
      {(clips.data ?? []).map((clip) => (
        <ClipTile
          key={clip.id}
          title={importableClipTitle(clip)}
          caption={clip.id === clip.projectId ? 'Project clip' : `${originLabel(clip.origin)} · ${clip.projectTitle}`}
          seconds={clip.duration}
          posterUrl={clip.posterUrl}
          busy={importing === clip.id}
          disabled={importing !== null}
          onAdd={() => {
            importClip.mutate({ projectId, mediaId: clip.id });
          }}
        />
      ))}
    </ClipGrid>
  );
}
