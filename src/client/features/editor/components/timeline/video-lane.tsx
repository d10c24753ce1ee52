import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import { trimOf } from '@shared/editor/sequence-controls';
import { useEditor } from '../../store/editor-context';
import { Filmstrip } from './filmstrip';
import type { TimelineAxis, VideoLane } from './timeline-model';
import { TrimHandle } from './trim-handle';

interface VideoLaneRowProps {
  lane: VideoLane;
  axis: TimelineAxis;
  videoUrl: string;
  visible: { from: number; to: number };
}

/** The clip's filmstrip, with the In and Out handles that trim it (a handle stops a frame short of the other). */
export function VideoLaneRow({ lane, axis, videoUrl, visible }: VideoLaneRowProps) {
  const { shown, dispatch } = useEditor();
  const trim = trimOf(shown);
  return (
    <div role="group" aria-label={lane.label} data-lane={lane.id} className="relative h-10 bg-black/40 pointer-coarse:h-11">
      <Filmstrip videoUrl={videoUrl} duration={axis.duration} pxPerSecond={axis.pxPerSecond} visibleFrom={visible.from} visibleTo={visible.to} />
      <TrimHandle side="in" time={trim.start} axis={axis} onChange={(time, gesture) => dispatch({ type: 'setTrimIn', time: Math.min(time, trim.end - FRAME_SECONDS), gesture })} />
      <TrimHandle side="out" time={trim.end} axis={axis} onChange={(time, gesture) => dispatch({ type: 'setTrimOut', time: Math.max(time, trim.start + FRAME_SECONDS), gesture })} />
    </div>
  );
}
