import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import type { Shot } from '@shared/editor/editor-state';
import { layoutSequence } from '@shared/editor/time-map';
import { voiceDuckingGainAt, type SpeechSpan } from '@shared/editor/voice-ducking';
import { mountedShotIds, playerPlan, type ShotPlan } from '../lib/player-plan';
import { SequenceClock } from '../lib/sequence-clock';

/** A playing video this far from the clock is put back on it (a seek); closer, it plays on undisturbed. */
const PLAYING_DRIFT = 0.25;
/** A paused video shows the clock's frame to within half a frame. */
const PAUSED_DRIFT = FRAME_SECONDS / 2;

/**
 * The editor's player over the sequence (issue 26): one clock on the output timeline, and the shots' <video>
 * elements following it. Each animation frame while playing, and after every seek or edit, the plan
 * (`playerPlan`) says which shot shows, which goes out under a transition and which waits on its first frame;
 * their videos are put on the clock's time, shown as the transition draws them, and played or paused with it.
 * `mounted` names the shots whose videos should exist now; the stage renders those and registers them here.
 * Their sound is lowered where `underVoice` says, along the export's curve (voiceDuckingGainAt, decision 051).
 */
export function useSequencePlayer(shots: readonly Shot[], underVoice: readonly SpeechSpan[] = []) {
  const layout = useMemo(() => layoutSequence(shots), [shots]);
  const [clock] = useState(() => new SequenceClock(layout.duration));
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const state = useRef({ shots, layout, underVoice });
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeedState] = useState(1);
  const [mounted, setMounted] = useState<readonly string[]>(() => mountedIds(shots, playerPlan(layout, 0)));

  const sync = useCallback(() => {
    const { shots: current, layout: currentLayout, underVoice: spans } = state.current;
    const plans = playerPlan(currentLayout, clock.currentTime);
    const ducking = voiceDuckingGainAt(spans, clock.currentTime);
    const ids = mountedIds(current, plans);
    setMounted((before) => (before.join('\n') === ids.join('\n') ? before : ids));
    for (const plan of plans) {
      const shot = current[plan.index];
      const video = shot && videos.current.get(shot.id);
      if (shot && video) present(video, shot, plan, clock, ducking);
    }
    for (const [id, video] of videos.current) {
      if (!ids.includes(id) && !video.paused) video.pause();
    }
  }, [clock]);

  useEffect(() => {
    state.current = { shots, layout, underVoice };
    clock.setDuration(layout.duration);
    sync();
  }, [shots, layout, underVoice, clock, sync]);

  useEffect(() => {
    const onPlay = () => {
      setPlaying(true);
    };
    const onStop = () => {
      setPlaying(false);
      sync();
    };
    clock.addEventListener('play', onPlay);
    clock.addEventListener('pause', onStop);
    clock.addEventListener('seeked', sync);
    clock.addEventListener('ratechange', sync);
    return () => {
      clock.removeEventListener('play', onPlay);
      clock.removeEventListener('pause', onStop);
      clock.removeEventListener('seeked', sync);
      clock.removeEventListener('ratechange', sync);
    };
  }, [clock, sync]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      clock.tick();
      sync();
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [playing, clock, sync]);

  useEffect(() => () => {
    clock.pause();
  }, [clock]);

  /** The stage's ref callback for shot `id`'s video; a new video is put on its plan at once. */
  const register = useCallback(
    (id: string, video: HTMLVideoElement | null) => {
      if (video) {
        videos.current.set(id, video);
        sync();
      } else {
        videos.current.delete(id);
      }
    },
    [sync],
  );

  const seek = useCallback((time: number) => {
    clock.seek(time);
  }, [clock]);

  return {
    clock,
    layout,
    playing,
    speed,
    mounted,
    register,
    seek,
    toggle() {
      // A play() begun here, inside the click or key press, is one the browser lets make sound.
      if (clock.paused) {
        clock.play();
        sync();
      } else {
        clock.pause();
      }
    },
    /** Moves one frame, landing on the frame grid the export cuts at. */
    step(frames: number) {
      clock.pause();
      clock.seek((Math.round(clock.currentTime / FRAME_SECONDS) + frames) * FRAME_SECONDS);
    },
    setSpeed(rate: number) {
      clock.setPlaybackRate(rate);
      setSpeedState(rate);
    },
    currentTime(): number {
      return clock.currentTime;
    },
  };
}

export type SequencePlayer = ReturnType<typeof useSequencePlayer>;

function mountedIds(shots: readonly Shot[], plans: readonly ShotPlan[]): string[] {
  return mountedShotIds(shots.map((shot) => shot.id), plans);
}

/** Puts one video where its plan says: its frame, its look, its sound (lowered by `ducking` under the voice), playing or not with the clock. */
function present(video: HTMLVideoElement, shot: Shot, plan: ShotPlan, clock: SequenceClock, ducking: number) {
  const { look } = plan;
  video.style.opacity = String(look.opacity);
  video.style.transform = look.transform;
  video.style.zIndex = plan.role === 'shown' ? '2' : plan.role === 'outgoing' ? '1' : '0';
  video.dataset.role = plan.role;
  // What the frame is asked to show, for a test that waits until it is on screen.
  video.dataset.sourceTime = plan.sourceTime.toFixed(3);
  video.dataset.outputTime = clock.currentTime.toFixed(3);
  video.muted = shot.muted || plan.role === 'next';
  video.volume = Math.min(1, Math.max(0, shot.volume * look.gain * ducking));
  if (video.playbackRate !== clock.playbackRate) video.playbackRate = clock.playbackRate;
  const live = !clock.paused && plan.role !== 'next';
  const drift = Math.abs(video.currentTime - plan.sourceTime);
  if (live) {
    if (drift > PLAYING_DRIFT) video.currentTime = plan.sourceTime;
    // A play() that a pause interrupts rejects; that is the user's choice, not an error.
    if (video.paused) video.play().catch(() => undefined);
  } else {
    if (!video.paused) video.pause();
    if (drift > PAUSED_DRIFT) video.currentTime = plan.sourceTime;
  }
}
