import { useMemo } from 'react';
import { heardCaptions } from '@shared/captions/voice-captions';
import { referenceScale } from '@shared/editor/looks';
import type { Size } from '@shared/editor/frame-geometry';
import { useOverlayCanvas } from '../../hooks/use-overlay-canvas';
import { useOverlayLayouts } from '../../hooks/use-overlay-layouts';
import { useEditor } from '../../store/editor-context';
import type { SequenceClock } from '../../lib/sequence-clock';
import { OverlayBox } from './overlay-box';

interface OverlayLayerProps {
  clock: SequenceClock;
  /** The frame's size on screen, CSS px. */
  size: Size;
  fontsReady: boolean;
}

/**
 * The text over the player: a canvas at the screen's pixel density that the shared text module draws
 * the overlays and the captions on, as the export does, and above it a hit box for each overlay shown at the playhead (and the
 * selected one) to select, drag and edit it.
 */
export function OverlayLayer({ clock, size, fontsReady }: OverlayLayerProps) {
  const { store, shown, editingId } = useEditor();
  const { textOverlays, captions: track, audioClips } = shown;
  // What the export burns: the words of a voice-over's captions that its clip plays.
  const captions = useMemo(() => heardCaptions({ captions: track, audioClips }), [track, audioClips]);
  const pixelRatio = window.devicePixelRatio || 1;
  const frame = { width: Math.round(size.width * pixelRatio), height: Math.round(size.height * pixelRatio) };
  const layouts = useOverlayLayouts(textOverlays, frame.width, frame.height, fontsReady);
  const { canvasRef, visibleIds } = useOverlayCanvas({
    clock,
    overlays: textOverlays,
    captions: fontsReady ? captions : null,
    layouts,
    width: frame.width,
    height: frame.height,
    hiddenId: editingId,
  });
  const scale = referenceScale(size.width, size.height);

  return (
    <>
      <canvas ref={canvasRef} width={frame.width} height={frame.height} aria-hidden className="pointer-events-none absolute inset-0 size-full" />
      {textOverlays.map((overlay) => {
        const layout = layouts.get(overlay.id);
        const visible = visibleIds.has(overlay.id);
        if (!layout || !(visible || overlay.id === store.selectedId || overlay.id === editingId)) return null;
        return <OverlayBox key={overlay.id} overlay={overlay} box={layout.box} frame={frame} scale={scale} visible={visible} />;
      })}
    </>
  );
}
