import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { CaptionLine, CaptionWord } from '@shared/captions/caption-track';
import { followedVoiceClip, isWordHeard } from '@shared/captions/voice-captions';
import { cn } from '@/lib/utils';
import { useTimelineDrag } from '../../hooks/use-timeline-drag';
import { formatTime } from '../../lib/format-time';
import { newId } from '../../lib/ids';
import { snapEdge } from '../../lib/timeline-scale';
import { useEditor } from '../../store/editor-context';
import { captionGrips } from './caption-grips';
import type { CaptionsLane, TimelineAxis } from './timeline-model';

interface CaptionsLaneProps {
  lane: CaptionsLane;
  axis: TimelineAxis;
  onSeek: (time: number) => void;
}

/**
 * The captions on the timeline: a block per line and in it a piece per word, where it is spoken. A word's edges
 * drag (one undo step per drag); a click plays from it; focused, Enter edits its text, [ and ] start or end it at
 * the playhead, / starts a new line with it, and Backspace on a line's first word joins the line to the one before.
 * On a touch screen a tap picks a word and its edges drag by grips a finger wide beside it (decision 065).
 */
export function CaptionsLaneRow({ lane, axis, onSeek }: CaptionsLaneProps) {
  const { shown } = useEditor();
  const lines = shown.captions?.lines ?? [];
  // Words of a voice-over's captions that its trim cuts off stay on the lane, faint: they come back with the sound.
  const voice = followedVoiceClip(shown);
  return (
    // Its own stacking context: a picked word's grips rise over its neighbours, not over the ruler the lanes scroll under.
    <div role="group" aria-label={lane.label} data-lane={lane.id} className="relative isolate h-8 border-t border-white/5 pointer-coarse:h-12">
      {lines.map((line, lineIndex) => {
        const start = line.words[0]?.start ?? 0;
        const end = line.words.at(-1)?.end ?? start;
        return (
          <div
            key={line.id}
            role="group"
            aria-label={`Caption line ${String(lineIndex + 1)}`}
            data-caption-line={line.id}
            className="absolute inset-y-0.5 rounded-md border border-sky-300/30 bg-sky-400/10 pointer-coarse:inset-y-0"
            style={{ left: start * axis.pxPerSecond, width: Math.max(2, (end - start) * axis.pxPerSecond) }}
          >
            {line.words.map((word, index) => (
              <CaptionWordPiece
                key={`${line.id}-${String(index)}`}
                line={line}
                index={index}
                word={word}
                heard={!voice || isWordHeard(word, voice)}
                lineStart={start}
                previousLineId={lines[lineIndex - 1]?.id}
                axis={axis}
                onSeek={onSeek}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}

interface WordPieceProps {
  line: CaptionLine;
  index: number;
  word: CaptionWord;
  /** False for a word the voice-over's trim cuts off: not shown on the video until it is heard again. */
  heard: boolean;
  lineStart: number;
  previousLineId: string | undefined;
  axis: TimelineAxis;
  onSeek: (time: number) => void;
}

function CaptionWordPiece({ line, index, word, heard, lineStart, previousLineId, axis, onSeek }: WordPieceProps) {
  const { dispatch } = useEditor();
  const [editing, setEditing] = useState(false);
  const origin = useRef({ start: word.start, end: word.end });
  const press = () => {
    origin.current = { start: word.start, end: word.end };
  };
  const setEdge = (edge: 'start' | 'end', time: number, gesture?: string) => {
    dispatch({ type: 'setCaptionWordEdge', lineId: line.id, index, edge, time, gesture });
  };
  const targets = axis.snapTargets.filter((time) => time !== word.start && time !== word.end);
  const dragStart = useTimelineDrag({
    pxPerSecond: axis.pxPerSecond,
    onPress: press,
    onDrag: (delta, gesture) => {
      setEdge('start', snapEdge(origin.current.start + delta, targets, axis.snapThreshold), gesture);
    },
  });
  const dragEnd = useTimelineDrag({
    pxPerSecond: axis.pxPerSecond,
    onPress: press,
    onDrag: (delta, gesture) => {
      setEdge('end', snapEdge(origin.current.end + delta, targets, axis.snapThreshold), gesture);
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Enter') setEditing(true);
    else if (event.key === '[') setEdge('start', axis.time);
    else if (event.key === ']') setEdge('end', axis.time);
    else if (event.key === '/' && index > 0) dispatch({ type: 'splitCaptionLine', lineId: line.id, index, newId: newId() });
    else if (event.key === 'Backspace' && index === 0 && previousLineId) dispatch({ type: 'mergeCaptionLines', lineId: previousLineId });
    else return;
    event.preventDefault();
  };

  const left = (word.start - lineStart) * axis.pxPerSecond;
  const width = Math.max(2, (word.end - word.start) * axis.pxPerSecond);
  const grips = captionGrips(word.start * axis.pxPerSecond, word.start * axis.pxPerSecond + width, axis.duration * axis.pxPerSecond);
  if (editing) {
    return (
      <CaptionWordField
        word={word}
        style={{ left, minWidth: Math.max(width, 64) }}
        onDone={(text) => {
          setEditing(false);
          if (text !== null) dispatch({ type: 'editCaptionWord', lineId: line.id, index, text });
        }}
      />
    );
  }
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={`Caption word ${word.text}, ${formatTime(word.start)} to ${formatTime(word.end)}${heard ? '' : ', not heard: the voice-over is trimmed'}`}
      aria-keyshortcuts="Enter [ ] / Backspace"
      title="Click to play from this word, double-click or Enter to correct it, drag its edges to time it. Keys: [ and ] start or end it at the playhead, / starts a new line with it, Backspace on a line's first word joins the line to the one before."
      data-caption-word={word.text}
      className={cn(
        'group absolute inset-y-0 flex touch-none items-center border-r border-sky-300/20 px-1 text-[10px] leading-none text-white/90 select-none',
        'outline-none hover:bg-sky-300/20 focus-visible:ring-2 focus-visible:ring-ring pointer-coarse:focus:z-10 pointer-coarse:focus:bg-sky-300/30',
        word.emphasis && 'font-semibold text-amber-200',
        !heard && 'opacity-40 line-through',
      )}
      style={{ left, width }}
      onClick={() => {
        onSeek(word.start);
      }}
      onDoubleClick={() => {
        setEditing(true);
      }}
      onKeyDown={onKeyDown}
    >
      <span className="pointer-events-none min-w-0 truncate">{word.text}</span>
      <span aria-hidden data-edge="start" className="absolute inset-y-0 left-0 w-1.5 cursor-ew-resize bg-white/0 hover:bg-white/40 pointer-coarse:hidden" {...dragStart} onClick={stopClick} />
      <span aria-hidden data-edge="end" className="absolute inset-y-0 right-0 w-1.5 cursor-ew-resize bg-white/0 hover:bg-white/40 pointer-coarse:hidden" {...dragEnd} onClick={stopClick} />
      {/* A touch screen's grips, on the picked word only: the edges of a word a few pixels wide are out of a thumb's reach. */}
      <span aria-hidden data-grip="start" className={GRIP} style={{ left: grips.start }} {...dragStart} onClick={stopClick} />
      <span aria-hidden data-grip="end" className={GRIP} style={{ left: grips.end }} {...dragEnd} onClick={stopClick} />
      <span aria-hidden className={cn(GRIP_MARK, '-left-0.5')} />
      <span aria-hidden className={cn(GRIP_MARK, '-right-0.5')} />
    </div>
  );
}

const GRIP = 'absolute inset-y-0 hidden w-11 cursor-ew-resize touch-none pointer-coarse:group-focus:block';
/** Where a picked word's edges are, drawn at the edges themselves. */
const GRIP_MARK = 'pointer-events-none absolute inset-y-2 hidden w-1 rounded-full bg-white pointer-coarse:group-focus:block';

/** A drag of an edge ends in a click on the word, which would seek to it. */
function stopClick(event: MouseEvent) {
  event.stopPropagation();
}

/** The word's text to correct in place: Enter or leaving keeps it, Escape drops it (`onDone(null)`). */
function CaptionWordField({ word, style, onDone }: { word: CaptionWord; style: { left: number; minWidth: number }; onDone: (text: string | null) => void }) {
  const cancelled = useRef(false);
  return (
    <input
      aria-label={`Correct the caption word ${word.text}`}
      defaultValue={word.text}
      // The field takes the place of the word the user asked to correct.
      autoFocus
      className="absolute inset-y-0 z-10 rounded border border-ring bg-background px-1 text-[11px] outline-none"
      style={style}
      onBlur={(event) => {
        onDone(cancelled.current ? null : event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          cancelled.current = true;
          event.currentTarget.blur();
        }
      }}
    />
  );
}
