import type { UseQueryResult } from '@tanstack/react-query';
import type { MediaAsset } from '@shared/schemas/media';
import { errorMessage } from '@/lib/api';
import { binClips, binClipTitle, inSequenceLabel, leftOutNote, originLabel, shotsPerClip } from '../../lib/add-shot';
import { useEditor } from '../../store/editor-context';
import { ClipGrid, ClipTile } from './clip-grid';

interface MediaBinTabProps {
  projectId: string;
  media: UseQueryResult<MediaAsset[]>;
  onPick: (asset: MediaAsset) => void;
}

/**
 * The project's videos: a ready one is added at once; one being made shows a spinner until it is ready. Those the
 * sequence already shows are marked, and one the server could not add to it says why.
 */
export function MediaBinTab({ projectId, media, onPick }: MediaBinTabProps) {
  const clips = binClips(media.data);
  const inUse = shotsPerClip(useEditor().shown.shots);
  return (
    <ClipGrid
      label="This project’s clips"
      loading={media.isPending}
      error={media.isError ? errorMessage(media.error, 'The clips could not be loaded.') : null}
      onRetry={() => void media.refetch()}
      empty="No clips yet: generate or upload one."
    >
      {clips.map((asset, index) => (
        <ClipTile
          key={asset.id}
          title={binClipTitle(asset, projectId, index + 1)}
          caption={originLabel(asset.origin)}
          mark={inSequenceLabel(inUse.get(asset.id) ?? 0)}
          note={leftOutNote(asset, inUse.get(asset.id) ?? 0)}
          seconds={asset.duration}
          posterUrl={asset.posterUrl}
          making={asset.status === 'generating'}
          onAdd={() => {
            onPick(asset);
          }}
        />
      ))}
    </ClipGrid>
  );
}
