import { useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import type { Shot } from '@shared/editor/editor-state';
import { toast } from '@/components/ui/use-toast';

/** Half a frame: a playhead this close to the Out point counts as at it. */
const AT_EDGE = FRAME_SECONDS / 2;

const MEDIA_ERRORS: Record<number, string> = {
  1: 'Loading the video was aborted.',
  2: 'A network error stopped the video from loading.',
  3: 'The video could not be decoded.',
  4: 'The video format is not supported.',
};

interface PlaybackOptions {
  /** The shot the player plays: the first, a cut of the project's clip, at its own volume. */
  shot: Shot;
  duration: number;
}

/**
 * Play, pause, seek and frame steps on the editor's <video>, kept inside the shot's cut (the trim): playback
 * starts at the In point when the playhead is outside the range and stops at the Out point.
 */
export function usePlayback(videoRef: RefObject<HTMLVideoElement | null>, { shot, duration }: PlaybackOptions) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeedState] = useState(1);
  const trimRef = useRef({ start: shot.in, end: shot.out });

  useEffect(() => {
    trimRef.current = { start: shot.in, end: shot.out };
  }, [shot.in, shot.out]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = shot.volume;
    video.muted = shot.muted;
  }, [videoRef, shot.volume, shot.muted]);

  // timeupdate comes only every ~250 ms; the Out point is checked every frame instead.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const watch = () => {
      const video = videoRef.current;
      const { end } = trimRef.current;
      if (video && !video.paused && video.currentTime >= end - AT_EDGE) {
        video.pause();
        video.currentTime = end;
        return;
      }
      frame = requestAnimationFrame(watch);
    };
    frame = requestAnimationFrame(watch);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [playing, videoRef]);

  const clampTime = (time: number) => Math.min(duration, Math.max(0, time));

  const controls = {
    toggle() {
      const video = videoRef.current;
      if (!video) return;
      if (!video.paused) {
        video.pause();
        return;
      }
      const { start, end } = trimRef.current;
      if (video.currentTime < start || video.currentTime >= end - AT_EDGE) video.currentTime = start;
      // A play() that a pause interrupts rejects; that is the user's choice, not an error.
      video.play().catch(() => undefined);
    },
    seek(time: number) {
      const video = videoRef.current;
      if (video) video.currentTime = clampTime(time);
    },
    /** Moves one frame, landing on the frame grid the export cuts at. */
    step(frames: number) {
      const video = videoRef.current;
      if (!video) return;
      video.pause();
      const frame = Math.round(video.currentTime / FRAME_SECONDS) + frames;
      video.currentTime = clampTime(frame * FRAME_SECONDS);
    },
    setSpeed(rate: number) {
      const video = videoRef.current;
      if (video) {
        video.playbackRate = rate;
        video.defaultPlaybackRate = rate;
      }
      setSpeedState(rate);
    },
    currentTime(): number {
      return videoRef.current?.currentTime ?? 0;
    },
  };

  const videoEvents = {
    // The player opens on the In point: before it nothing is exported, so no text would show there.
    onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => {
      const video = event.currentTarget;
      if (video.currentTime === 0 && trimRef.current.start > 0) video.currentTime = trimRef.current.start;
    },
    onPlay: () => {
      setPlaying(true);
    },
    onPause: () => {
      setPlaying(false);
    },
    onEnded: () => {
      setPlaying(false);
    },
    onError: (event: SyntheticEvent<HTMLVideoElement>) => {
      const error = event.currentTarget.error;
      const description = error?.message || (error ? MEDIA_ERRORS[error.code] : undefined) || 'The video could not be played.';
      toast({ variant: 'destructive', title: 'Video Load Failed', description });
    },
  };

  return { playing, speed, ...controls, videoEvents };
}

export type Playback = ReturnType<typeof usePlayback>;
