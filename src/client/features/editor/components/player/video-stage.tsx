import { Eye, TriangleAlert } from 'lucide-react';
import { useRef } from 'react';
import { aspectValue, fitFrame } from '@shared/editor/frame-geometry';
import { cssFilter, referenceScale } from '@shared/editor/looks';
import { Spinner } from '@/components/ui/spinner';
import type { SequencePlayer } from '../../hooks/use-sequence-player';
import { useElementSize } from '../../hooks/use-element-size';
import type { FontStatus } from '../../lib/font-faces';
import { useEditor } from '../../store/editor-context';
import { OverlayLayer } from './overlay-layer';
import { SafeZoneGuides } from './safe-zone-guides';
import { ShotVideos } from './shot-videos';
import type { ShotSourceOf } from '../../lib/shot-source';

interface VideoStageProps {
  player: SequencePlayer;
  sourceOf: ShotSourceOf;
  aspectRatio: string;
  fonts: FontStatus;
}

/**
 * The frame: the sequence at the project's aspect ratio, as large as the space allows, with the
 * overlays drawn over it as the export draws them. A free user's clips carry
 * their watermark in their pixels (the proxy streams the watermarked copies), so none is drawn here.
 */
export function VideoStage({ player, sourceOf, aspectRatio, fonts }: VideoStageProps) {
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
        {/* Its own stacking context: the shots' order among themselves stays under the text. */}
        <div className="absolute inset-0 isolate">
          <ShotVideos shots={shown.shots} player={player} sourceOf={sourceOf} filter={cssFilter(colorGrading, visualEffect, scale)} />
        </div>
        <OverlayLayer clock={player.clock} size={rendered} fontsReady={fonts === 'ready'} />
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
