import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The second whose frame a thumbnail at `time` shows: the whole second at or before it. Stored videos have a
 * keyframe at every whole second (h264AacOutputArgs), so each thumbnail decodes one frame, where a seek between
 * keyframes decodes every frame since the one before (up to 29 at 30 fps); slots within a second share it, and
 * zooming reuses what was drawn (decision 048).
 */
export function frameKey(time: number): number {
  return Math.max(0, Math.floor(time));
}

interface Filmstrip {
  frames: ReadonlyMap<number, ImageBitmap>;
  /** Width over height of the clip, once its metadata is in. */
  aspect: number | null;
  /** Decodes the frames at these times (those not decoded yet), dropping any earlier request still waiting. */
  request: (times: readonly number[]) => void;
}

/**
 * Frames of the clip at the wanted times, decoded one by one from a <video> of its own (the player's
 * stays where the user put it). Only times asked for are decoded, so scrolling draws what comes into view.
 */
export function useFilmstripFrames(videoUrl: string, height: number): Filmstrip {
  const [frames, setFrames] = useState<ReadonlyMap<number, ImageBitmap>>(() => new Map());
  const [aspect, setAspect] = useState<number | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const queue = useRef<number[]>([]);
  const busy = useRef(false);
  const drawn = useRef(new Map<number, ImageBitmap>());

  useEffect(() => {
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.src = videoUrl;
    video.addEventListener('loadedmetadata', () => {
      if (video.videoWidth > 0 && video.videoHeight > 0) setAspect(video.videoWidth / video.videoHeight);
    });
    videoRef.current = video;
    const cache = drawn.current;
    return () => {
      videoRef.current = null;
      // A decode still waiting on the old video stops when it wakes; the next request starts afresh.
      busy.current = false;
      video.removeAttribute('src');
      video.load();
      for (const bitmap of cache.values()) bitmap.close();
      cache.clear();
      setFrames(new Map());
    };
  }, [videoUrl]);

  const request = useCallback(
    (times: readonly number[]) => {
      queue.current = [...new Set(times.map(frameKey))].filter((time) => !drawn.current.has(time));
      const next = async (): Promise<void> => {
        const video = videoRef.current;
        const time = queue.current.shift();
        if (!video || time === undefined) {
          busy.current = false;
          return;
        }
        let bitmap: ImageBitmap | null = null;
        try {
          bitmap = await frameAt(video, time, height);
        } catch {
          // A frame that cannot be decoded keeps its placeholder; the rest still come.
        }
        if (videoRef.current !== video) {
          bitmap?.close();
          return;
        }
        if (bitmap) {
          drawn.current.set(time, bitmap);
          setFrames(new Map(drawn.current));
        }
        return next();
      };
      if (!busy.current) {
        busy.current = true;
        void next();
      }
    },
    [height],
  );

  return { frames, aspect, request };
}

async function frameAt(video: HTMLVideoElement, time: number, height: number): Promise<ImageBitmap> {
  if (video.readyState < HTMLMediaElement.HAVE_METADATA) await once(video, 'loadedmetadata');
  // `time` is a whole second (frameKey), never negative.
  const target = Math.min(time, Math.max(0, video.duration - 0.05));
  if (Math.abs(video.currentTime - target) > 0.001 || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
    const seeked = once(video, 'seeked');
    video.currentTime = target;
    await seeked;
  }
  const scale = (height * window.devicePixelRatio) / video.videoHeight;
  return createImageBitmap(video, {
    resizeWidth: Math.max(1, Math.round(video.videoWidth * scale)),
    resizeHeight: Math.max(1, Math.round(video.videoHeight * scale)),
    resizeQuality: 'medium',
  });
}

function once(video: HTMLVideoElement, name: 'seeked' | 'loadedmetadata'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener('error', fail);
      resolve();
    };
    const fail = () => {
      video.removeEventListener(name, done);
      reject(new Error('The video could not be read for thumbnails.'));
    };
    video.addEventListener(name, done, { once: true });
    video.addEventListener('error', fail, { once: true });
  });
}
