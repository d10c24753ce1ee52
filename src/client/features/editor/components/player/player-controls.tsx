import { Pause, Play, Smartphone, StepBack, StepForward } from 'lucide-react';
import { PLAYBACK_SPEEDS } from '@shared/editor/editor-constants';
import { Button } from '@/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { cn } from '@/lib/utils';
import { useClockTime } from '../../hooks/use-clock-time';
import type { SequencePlayer } from '../../hooks/use-sequence-player';
import { formatTime } from '../../lib/format-time';
import { useEditor } from '../../store/editor-context';
import type { EditorToolId } from '../panels/editor-tools';
import { Timeline, type TimelineProps } from '../timeline/timeline';
import { TimeField } from './time-field';

interface PlayerControlsProps {
  playback: SequencePlayer;
  sourceOf: TimelineProps['sourceOf'];
  /**
   * The tool a phone's sheet shows: the sheet takes the speed's place and the timeline's but for the lanes the tool
   * edits; play, the frame steps and the time stay.
   */
  phoneTool: EditorToolId | null;
}

/**
 * Play, frame steps, time, safe zones, speed and the timeline. A phone lays them out in rows of their own
 * (play and time, then speed and zoom, then the lanes): their wrappers drop out of the layout there.
 */
export function PlayerControls({ playback, sourceOf, phoneTool }: PlayerControlsProps) {
  const { showSafeZones, setShowSafeZones } = useEditor();
  const time = useClockTime(playback.clock);
  const { duration } = playback.layout;

  return (
    <div className="flex w-full flex-col gap-2 rounded-xl border border-white/10 bg-card/70 px-3 py-2 max-lg:flex-row max-lg:py-1.5 max-lg:flex-wrap max-lg:items-center max-lg:gap-x-2 max-lg:gap-y-1">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 max-lg:contents">
        <div className="flex items-center gap-1 max-lg:grow">
          <Button type="button" variant="ghost" size="icon" aria-label="Previous frame" title="Previous frame (←)" onClick={() => playback.step(-1)}>
            <StepBack aria-hidden />
          </Button>
          <Button
            type="button"
            size="icon"
            className="rounded-full"
            aria-label={playback.playing ? 'Pause' : 'Play'}
            title={playback.playing ? 'Pause (Space)' : 'Play (Space)'}
            onClick={playback.toggle}
          >
            {playback.playing ? <Pause className="fill-current" aria-hidden /> : <Play className="translate-x-px fill-current" aria-hidden />}
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label="Next frame" title="Next frame (→)" onClick={() => playback.step(1)}>
            <StepForward aria-hidden />
          </Button>
          <p className="ml-2 font-mono text-xs tabular-nums text-muted-foreground">
            <TimeField time={time} duration={duration} onSeek={playback.seek} />{' '}
            {/* Below 380 px the header's duration says it: play, steps, time and safe zones keep to one row. */}
            <span className="max-[379px]:hidden">/ {formatTime(duration)}</span>
          </p>
        </div>
        <div className="flex items-center gap-1 max-lg:contents">
        <Button
          type="button"
          variant={showSafeZones ? 'secondary' : 'ghost'}
          size="icon"
          aria-pressed={showSafeZones}
          aria-label="Safe zones"
          title="Show where TikTok, Reels and Shorts place their buttons and captions"
          onClick={() => {
            setShowSafeZones(!showSafeZones);
          }}
        >
          <Smartphone aria-hidden />
        </Button>
        <ToggleGroup
          type="single"
          aria-label="Playback speed"
          className={cn('max-lg:mr-auto', phoneTool !== null && 'max-lg:hidden')}
          value={String(playback.speed)}
          onValueChange={(value) => {
            if (value) playback.setSpeed(Number(value));
          }}
        >
          {PLAYBACK_SPEEDS.map((speed) => (
            <ToggleGroupItem key={speed} value={String(speed)} className="font-mono">
              {speed}x
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
        </div>
      </div>
      <Timeline sourceOf={sourceOf} layout={playback.layout} time={time} playing={playback.playing} onSeek={playback.seek} phoneTool={phoneTool} />
    </div>
  );
}
