import { useEffect, useRef, type CSSProperties } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { cn } from '@/lib/utils';

interface WaveformProps {
  /** Peaks 0–1, spread evenly over the element's width. */
  peaks: readonly number[];
  /** The seconds the peaks cover (wavesurfer lays them out over this length). */
  seconds: number;
  color: string;
  className?: string;
  style?: CSSProperties;
}

/** A lane's waveform, drawn by wavesurfer.js from peaks computed here (no audio of its own, no interaction), scaled to its loudest peak. */
export function Waveform({ peaks, seconds, color, className, style }: WaveformProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || peaks.length === 0 || !(seconds > 0)) return;
    const waveSurfer = WaveSurfer.create({
      container,
      height: 'auto',
      peaks: [Array.from(peaks)],
      duration: seconds,
      waveColor: color,
      progressColor: color,
      cursorWidth: 0,
      interact: false,
      barWidth: 2,
      barGap: 1,
      barRadius: 1,
      normalize: true,
      hideScrollbar: true,
    });
    return () => {
      waveSurfer.destroy();
    };
  }, [peaks, seconds, color]);

  return <div ref={containerRef} aria-hidden data-testid="waveform" className={cn('pointer-events-none', className)} style={style} />;
}
