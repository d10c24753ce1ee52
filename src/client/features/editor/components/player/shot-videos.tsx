import { useCallback, type SyntheticEvent } from 'react';
import type { Shot } from '@shared/editor/editor-state';
import { toast } from '@/components/ui/use-toast';
import type { SequencePlayer } from '../../hooks/use-sequence-player';
import type { ShotSource, ShotSourceOf } from '../../lib/shot-source';

const MEDIA_ERRORS: Record<number, string> = {
  1: 'Loading the video was aborted.',
  2: 'A network error stopped the video from loading.',
  3: 'The video could not be decoded.',
  4: 'The video format is not supported.',
};

interface ShotVideosProps {
  shots: readonly Shot[];
  player: SequencePlayer;
  sourceOf: ShotSourceOf;
  /** The look (colour grade and effect) every shot is drawn with. */
  filter: string;
}

/**
 * The videos of the shots the player uses now (the one shown, the one going out, the one waiting next), stacked
 * in the frame; the player positions, shows and plays them. A video is keyed by its shot, so the one waiting
 * next is the very element that shows when playback reaches it.
 */
export function ShotVideos({ shots, player, sourceOf, filter }: ShotVideosProps) {
  return player.mounted.map((id) => {
    const index = shots.findIndex((candidate) => candidate.id === id);
    const shot = shots[index];
    const source = shot && sourceOf(shot);
    if (!shot || !source) return null;
    const label = shots.length > 1 ? `Video preview, shot ${index + 1}` : 'Video preview';
    return <ShotVideo key={id} id={id} source={source} label={label} filter={filter} register={player.register} />;
  });
}

interface ShotVideoProps {
  id: string;
  source: ShotSource;
  label: string;
  filter: string;
  register: SequencePlayer['register'];
}

/** Hidden until the player shows it: the player sets its opacity, transform, time and sound. */
function ShotVideo({ id, source, label, filter, register }: ShotVideoProps) {
  const ref = useCallback(
    (video: HTMLVideoElement | null) => {
      register(id, video);
    },
    [id, register],
  );
  return (
    <video
      ref={ref}
      src={source.url}
      poster={source.posterUrl}
      playsInline
      preload="auto"
      data-shot={id}
      aria-label={label}
      style={{ filter, opacity: 0 }}
      className="absolute inset-0 size-full object-contain"
      onError={reportError}
    />
  );
}

function reportError(event: SyntheticEvent<HTMLVideoElement>) {
  const error = event.currentTarget.error;
  const description = error?.message || (error ? MEDIA_ERRORS[error.code] : undefined) || 'The video could not be played.';
  toast({ variant: 'destructive', title: 'Video Load Failed', description });
}
