import { Plus, Trash2 } from 'lucide-react';
import { MAX_OVERLAYS } from '@shared/editor/editor-constants';
import { newTextOverlay, outputDuration } from '@shared/editor/editor-state';
import { overlayFontFamilies } from '@shared/editor/fonts';
import { freeOverlayY } from '@shared/editor/overlay-place';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { newId } from '../../lib/ids';
import { useEditor } from '../../store/editor-context';

export function TextOverlaysSection() {
  const { store, dispatch, setEditingId } = useEditor();
  const overlays = store.present.textOverlays;
  const full = overlays.length >= MAX_OVERLAYS;

  // The new overlay opens for typing (focus leaves the button, so Enter or Space type rather than add
  // another), below or above the ones already there rather than on top of them.
  const addText = () => {
    const overlay = newTextOverlay(newId(), outputDuration(store.present));
    dispatch({ type: 'addOverlay', overlay: { ...overlay, position: { x: 50, y: freeOverlayY(overlays) } } });
    setEditingId(overlay.id);
  };

  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="brand"
        disabled={full}
        onClick={addText}
      >
        <Plus aria-hidden />
        Add Text
      </Button>
      {full && <p className="text-xs text-muted-foreground">A video holds at most {MAX_OVERLAYS} text overlays.</p>}
      {overlays.length === 0 ? (
        <p className="text-xs text-muted-foreground">No text yet. Add one, then drag it into place on the video.</p>
      ) : (
        <ul aria-label="Text overlays" className="grid gap-1">
          {overlays.map((overlay) => {
            const selected = overlay.id === store.selectedId;
            return (
              <li key={overlay.id} className={cn('flex items-center gap-1 rounded-md border border-transparent', selected && 'border-primary/60 bg-primary/10')}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => dispatch({ type: 'select', id: overlay.id })}
                  className="min-w-0 flex-1 cursor-pointer truncate rounded-md px-2 py-1.5 text-left outline-none hover:bg-white/5 focus-visible:ring-[3px] focus-visible:ring-ring/60"
                  style={{ fontFamily: overlayFontFamilies(overlay.fontFamily) }}
                >
                  {overlay.text.replace(/\n/g, ' ')}
                </button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-red-300"
                  aria-label={`Delete text overlay: ${overlay.text}`}
                  onClick={() => dispatch({ type: 'removeOverlay', id: overlay.id })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
