import { WATERMARK_TEXT } from '@shared/product';
import { watermarkStyle } from '../../lib/overlay-style';

/** The free plan's mark; it ignores the pointer so overlays under it stay draggable. */
export function Watermark({ scale }: { scale: number }) {
  return (
    <div aria-hidden style={watermarkStyle(scale)} className="z-20 select-none">
      {WATERMARK_TEXT}
    </div>
  );
}
