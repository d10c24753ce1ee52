import { LoaderCircle, Pencil, Play, TriangleAlert } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'wouter';
import type { ProjectSummary } from '@shared/schemas/project';
import { cn } from '@/lib/utils';

interface ProjectPreviewProps {
  project: ProjectSummary;
  videoRef: RefObject<HTMLVideoElement | null>;
  playing: boolean;
  onToggle: () => void;
  videoEvents: { onPlay: () => void; onPause: () => void };
}

export function ProjectPreview({ project, videoRef, playing, onToggle, videoEvents }: ProjectPreviewProps) {
  const { status, videoUrl, thumbnailUrl, title } = project;
  return (
    <div className="relative aspect-[4/3] overflow-hidden bg-black">
      {thumbnailUrl && (
        // The blurred still fills the frame behind a clip whose shape differs from the card's.
        <img src={thumbnailUrl} alt="" className="absolute inset-0 size-full scale-110 object-cover opacity-40 blur-xl" />
      )}
      {status === 'ready' && videoUrl ? (
        <>
          <video
            ref={videoRef}
            src={videoUrl}
            poster={thumbnailUrl ?? undefined}
            muted
            loop
            playsInline
            preload="metadata"
            aria-label={`Preview of ${title}`}
            className="relative size-full object-contain"
            {...videoEvents}
          />
          <button
            type="button"
            aria-label={playing ? 'Pause preview' : 'Play preview'}
            onClick={onToggle}
            className="absolute inset-0 cursor-pointer outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
          >
            {/* In a corner, so the icon never hides the clip's burned-in caption. */}
            <span
              aria-hidden
              className={cn(
                'absolute bottom-3 left-3 grid size-10 place-items-center rounded-full bg-black/60 text-white backdrop-blur transition-opacity',
                playing && 'opacity-0',
              )}
            >
              <Play className="size-4 translate-x-px fill-current" />
            </span>
          </button>
          <Link
            href={`/editor/${project.id}`}
            className="absolute top-2 right-2 inline-flex items-center gap-1.5 rounded-full bg-black/65 px-3 py-1.5 text-xs font-medium text-white backdrop-blur outline-none transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60 [@media(hover:hover)]:opacity-0"
          >
            <Pencil className="size-3.5" aria-hidden />
            Edit<span className="sr-only"> {title}</span>
          </Link>
        </>
      ) : (
        <PreviewPlaceholder failed={status === 'error'} label={project.source === 'upload' ? 'Processing video...' : 'Rendering...'} />
      )}
    </div>
  );
}

function PreviewPlaceholder({ failed, label }: { failed: boolean; label: string }) {
  return (
    <div className="relative grid size-full place-items-center">
      {!failed && <div aria-hidden className="absolute inset-0 animate-pulse bg-gradient-brand opacity-20" />}
      <div className="relative flex flex-col items-center gap-2 text-sm text-white/80">
        {failed ? (
          <TriangleAlert className="size-7 text-red-400" aria-hidden />
        ) : (
          <LoaderCircle className="size-7 animate-spin text-fuchsia-300" aria-hidden />
        )}
        {failed ? 'No video' : label}
      </div>
    </div>
  );
}
