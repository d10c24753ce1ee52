import { ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useElementSize } from '../../hooks/use-element-size';
import { useTimelineZoom } from '../../hooks/use-timeline-zoom';
import type { SequenceLayout } from '@shared/editor/time-map';
import { UI_TEXT_FONT_FAMILY } from '../../lib/font-faces';
import { AudioLaneRow } from './audio-lane';
import { BarLaneRow } from './bar-lane';
import { CaptionsLaneRow } from './captions-lane';
import { Playhead } from './playhead';
import { ShotActions } from './shot-actions';
import { SoundLaneRow } from './sound-lane';
import { TimeRuler } from './time-ruler';
import type { LaneDescriptor, TimelineAxis } from './timeline-model';
import { useScrub } from './use-scrub';
import { useTimelineLanes } from './use-timeline-lanes';
import { VideoLaneRow } from './video-lane';
import type { ShotSourceOf } from '../../lib/shot-source';
import type { EditorToolId } from '../panels/editor-tools';
import { toolLaneIds } from './tool-lanes';

/** A dragged edge snaps to a target this close on screen. */
const SNAP_PX = 8;

export interface TimelineProps {
  sourceOf: ShotSourceOf;
  /** Where the shots sit on the output timeline, and its length. */
  layout: SequenceLayout;
  /** The playhead, in output seconds. */
  time: number;
  playing: boolean;
  onSeek: (time: number) => void;
  /** The tool a phone's sheet shows: the timeline keeps only the lanes it edits above it, or none (decision 065). */
  phoneTool: EditorToolId | null;
}

/**
 * The output along one axis (output seconds, as the clock, the export and every panel count them): a ruler with
 * the playhead, the lane of shots, their sound, the voice-over, the music, the captions and one lane per text overlay. Scrolls sideways
 * when zoomed in. On a phone its heading row drops out of the layout, so the zoom buttons share the speed's row; with a
 * tool's sheet open the lanes that tool edits stay, without that row.
 */
export function Timeline({ sourceOf, layout, time, playing, onSeek, phoneTool }: TimelineProps) {
  const { duration } = layout;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const viewport = useElementSize(scrollerRef).width;
  const zoom = useTimelineZoom(scrollerRef, duration > 0 ? viewport / duration : 0, time);
  const [scrollLeft, setScrollLeft] = useState(0);
  const lanes = useTimelineLanes();
  const besideSheet = phoneTool === null ? null : toolLaneIds(phoneTool, lanes);
  const width = duration * zoom.pxPerSecond;

  const bars = lanes.flatMap((lane) => (lane.kind === 'bars' ? lane.bars : lane.kind === 'audio' ? [lane.bar] : []));
  const axis: TimelineAxis = {
    duration,
    pxPerSecond: zoom.pxPerSecond,
    time,
    snapTargets: [time, 0, duration, ...layout.spans.map((span) => span.start + span.transitionIn / 2), ...bars.flatMap((bar) => [bar.start, bar.end])],
    snapThreshold: zoom.pxPerSecond > 0 ? SNAP_PX / zoom.pxPerSecond : 0,
  };
  const scrub = useScrub(contentRef, zoom.pxPerSecond, onSeek);

  const laneRow = (lane: LaneDescriptor) => {
    switch (lane.kind) {
      case 'video':
        return <VideoLaneRow lane={lane} axis={axis} layout={layout} sourceOf={sourceOf} visible={{ from: scrollLeft, to: scrollLeft + viewport }} onSeek={onSeek} />;
      case 'sound':
        return <SoundLaneRow lane={lane} axis={axis} layout={layout} sourceOf={sourceOf} />;
      case 'audio':
        return <AudioLaneRow lane={lane} axis={axis} />;
      case 'captions':
        return <CaptionsLaneRow lane={lane} axis={axis} onSeek={onSeek} />;
      case 'bars':
        return <BarLaneRow lane={lane} axis={axis} />;
    }
  };

  // While playing, the view follows the playhead when it runs off the edge.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!playing || !scroller) return;
    const x = time * zoom.pxPerSecond;
    if (x < scroller.scrollLeft || x > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = x - scroller.clientWidth * 0.1;
  }, [playing, time, zoom.pxPerSecond]);

  return (
    <section aria-label="Timeline" className={cn('grid gap-1 max-lg:contents', besideSheet?.length === 0 && 'max-lg:hidden')} style={{ fontFamily: UI_TEXT_FONT_FAMILY }}>
      <div className={cn('flex items-center justify-between gap-2 max-lg:contents', besideSheet && 'max-lg:hidden')}>
        <h2 className="text-xs font-medium text-muted-foreground max-lg:sr-only">Timeline</h2>
        <div className="flex items-center gap-1">
          <ShotActions layout={layout} time={time} />
          <Button type="button" variant="ghost" size="icon" className="size-7" aria-label="Zoom out" title="Zoom out (Ctrl/⌘ + wheel)" disabled={!zoom.canZoomOut} onClick={zoom.zoomOut}>
            <ZoomOut aria-hidden />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-7" aria-label="Zoom in" title="Zoom in (Ctrl/⌘ + wheel)" disabled={!zoom.canZoomIn} onClick={zoom.zoomIn}>
            <ZoomIn aria-hidden />
          </Button>
        </div>
      </div>
      <div
        ref={scrollerRef}
        data-testid="timeline-scroller"
        // The ruler stays at the top as the lanes scroll up under it: a lane focused from the keyboard scrolls into view below it.
        // A phone gives the lanes what the video can spare, to show every lane of a usual edit whole (decision 065);
        // beside a sheet, the ruler and a lane or so.
        className={cn(
          'max-h-56 scroll-pt-6 overflow-auto overscroll-x-contain rounded-md bg-black/30 max-lg:basis-full pointer-coarse:scroll-pt-11',
          besideSheet ? 'max-lg:max-h-[6.5rem]' : 'max-lg:max-h-[max(11rem,calc(100dvh-35rem))]',
        )}
        style={{ touchAction: 'pan-x pan-y' }}
        onScroll={(event) => {
          setScrollLeft(event.currentTarget.scrollLeft);
        }}
      >
        <div ref={contentRef} className="relative" style={{ width }}>
          <div className="sticky top-0 z-10 bg-card">
            <TimeRuler duration={duration} pxPerSecond={zoom.pxPerSecond} scrub={scrub} />
          </div>
          {lanes.map((lane) => (
            <div key={lane.id} className={cn(besideSheet && !besideSheet.includes(lane.id) && 'max-lg:hidden')}>
              {laneRow(lane)}
            </div>
          ))}
          <Playhead axis={axis} scrub={scrub} onSeek={onSeek} />
        </div>
      </div>
    </section>
  );
}
