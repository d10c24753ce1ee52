import { useEffect, useRef, useState } from 'react';

/**
 * One <audio> element the track list shares, so one preview plays at a time; it stops when the list goes
 * (the panel closes, a track is chosen).
 */
export function useTrackPreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  useEffect(
    () => () => {
      const audio = audioRef.current;
      if (!audio) return;
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    },
    [],
  );

  const stop = () => {
    audioRef.current?.pause();
    setPlayingId(null);
  };

  const toggle = (track: { id: string; url: string }) => {
    if (playingId === track.id) {
      stop();
      return;
    }
    if (!audioRef.current) {
      const audio = new Audio();
      audio.preload = 'none';
      audio.onended = () => {
        setPlayingId(null);
      };
      audio.onerror = () => {
        setPlayingId(null);
      };
      audioRef.current = audio;
    }
    const audio = audioRef.current;
    audio.src = track.url;
    setPlayingId(track.id);
    audio.play().catch(() => {
      // Refused (autoplay rules) or replaced by another preview before it started: nothing plays.
      setPlayingId((current) => (current === track.id ? null : current));
    });
  };

  return { playingId, toggle, stop };
}
