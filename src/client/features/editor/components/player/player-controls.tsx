import { Pause, Play, Smartphone, StepBack, StepForward } from 'lucide-react';
import type { RefObject } from 'react';
import { PLAYBACK_SPEEDS } from '@shared/editor/editor-constants';
import { Button } from '@/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import type { Playback } from '../../hooks/use-playback';
import { useVideoTime } from '../../hooks/use-video-time';
import { formatTime } from '../../lib/format-time';
import { useEditor } from '../../store/editor-context';
import { Timeline } from '../timeline/timeline';

interface PlayerControlsProps {
  videoUrl: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  playback: Playback;
  duration: number;
}

export function PlayerControls({ videoUrl, videoRef, playback, duration }: PlayerControlsProps) {
  const { showSafeZones, setShowSafeZones } = useEditor();
  const time = useVideoTime(videoRef, playback.playing);

  return (
    <div className="flex w-full flex-col gap-2 rounded-xl border border-white/10 bg-card/70 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex items-center gap-1">
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
            <span data-testid="current-time" className="text-foreground">
              {formatTime(time)}
            </span>{' '}
            / {formatTime(duration)}
          </p>
        </div>
        <div className="flex items-center gap-1">
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
      <Timeline videoUrl={videoUrl} time={time} duration={duration} playing={playback.playing} onSeek={playback.seek} />
    </div>
  );
}
