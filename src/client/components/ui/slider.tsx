import { Slider as SliderPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A single-thumb slider. `thumbLabel` names its thumb (the element with role=slider); `thumbValueText`
 * is how the value is read out when the bare number would not say it ('75%').
 */
function Slider({
  className,
  thumbLabel,
  thumbValueText,
  children,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabel: string; thumbValueText?: string }) {
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        'relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50',
        'h-5 cursor-pointer data-[disabled]:cursor-not-allowed',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track data-slot="slider-track" className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-white/15">
        {children}
        <SliderPrimitive.Range data-slot="slider-range" className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        data-slot="slider-thumb"
        aria-label={thumbLabel}
        aria-valuetext={thumbValueText}
        className="block size-4 rounded-full border-2 border-primary bg-white shadow-md shadow-black/40 outline-none transition-[box-shadow] hover:ring-4 hover:ring-ring/30 focus-visible:ring-4 focus-visible:ring-ring/60"
      />
    </SliderPrimitive.Root>
  );
}

export { Slider };
