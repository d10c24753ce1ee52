import { Eye, TriangleAlert } from 'lucide-react';
import { useRef, type RefObject } from 'react';
import { aspectValue, fitFrame } from '@shared/editor/frame-geometry';
import { cssFilter, referenceScale } from '@shared/editor/looks';
import { Spinner } from '@/components/ui/spinner';
import type { Playback } from '../../hooks/use-playback';
import { useElementSize } from '../../hooks/use-element-size';
import type { FontStatus } from '../../lib/font-faces';
import { useEditor } from '../../store/editor-context';
import { OverlayLayer } from './overlay-layer';
import { SafeZoneGuides } from './safe-zone-guides';

interface VideoStageProps {
  videoUrl: string;
  posterUrl: string | null;
  aspectRatio: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  videoEvents: Playback['videoEvents'];
  fonts: FontStatus;
}

/**
 * The frame: the clip at the project's aspect ratio, as large as the space allows, with the
 * overlays drawn over it as the export draws them. A free user's clip carries
 * its watermark in its pixels (the proxy streams the watermarked copy), so none is drawn here.
 */
export function VideoStage({ videoUrl, posterUrl, aspectRatio, videoRef, videoEvents, fonts }: VideoStageProps) {
  const { store, shown, dispatch } = useEditor();
  const spaceRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const aspect = aspectValue(aspectRatio);
  const frame = fitFrame(aspect, useElementSize(spaceRef));
  const rendered = useElementSize(frameRef);
  const scale = referenceScale(rendered.width, rendered.height);
  const { visualEffect, colorGrading } = shown;

  return (
    <div ref={spaceRef} className="grid min-h-0 w-full flex-1 place-items-center">
      <div
        ref={frameRef}
        data-editor-surface=""
        data-testid="editor-frame"
        style={{ width: frame.width, height: frame.height }}
        className="relative max-w-full overflow-hidden bg-black shadow-2xl shadow-black/60"
        onPointerDown={() => {
          dispatch({ type: 'select', id: null });
        }}
      >
        <video
          ref={videoRef}
          src={videoUrl}
          poster={posterUrl ?? undefined}
          playsInline
          preload="auto"
          aria-label="Video preview"
          style={{ filter: cssFilter(colorGrading, visualEffect, scale) }}
          className="absolute inset-0 size-full object-contain"
          {...videoEvents}
        />
        <OverlayLayer videoRef={videoRef} size={rendered} fontsReady={fonts === 'ready'} />
        {fonts !== 'ready' && <FontNotice failed={fonts === 'error'} />}
        {store.preview && <PreviewNotice />}
        <SafeZoneGuides />
      </div>
    </div>
  );
}

/** Text waits for the real fonts: a substitute face would show a layout the export will not produce. */
function FontNotice({ failed }: { failed: boolean }) {
  return (
    <div className="absolute inset-x-0 top-2 flex justify-center">
      <p className="flex items-center gap-2 rounded-full bg-black/70 px-3 py-1.5 text-xs text-white">
        {failed ? <TriangleAlert className="size-3.5 text-amber-300" aria-hidden /> : <Spinner className="size-3.5" />}
        {failed ? 'Fonts could not be loaded. Reload the page to see text overlays.' : 'Loading fonts…'}
      </p>
    </div>
  );
}

/** A suggestion shown but not kept looks like the edit: the frame says it is not (decision 036). */
function PreviewNotice() {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-2 flex justify-center">
      <p data-testid="preview-notice" className="flex items-center gap-2 rounded-full bg-black/70 px-3 py-1.5 text-xs whitespace-nowrap text-white">
        <Eye className="size-3.5 text-primary" aria-hidden />
        {/* A phone's frame is narrow: the word alone, and the AI tools' sheet beneath says the rest. */}
        <span>
          Preview<span className="max-lg:hidden">: keep or discard it in AI Tools</span>
        </span>
      </p>
    </div>
  );
}
