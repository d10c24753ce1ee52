import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AudioClip, Shot } from '@shared/editor/editor-state';
import { fadeGainAt, musicSpan, trackTimeAt } from '@shared/editor/music-placement';
import { duckingGains } from '../lib/ducking-envelope';
import { pageTime, type SequenceClock } from '../lib/sequence-clock';

/** How finely the fades and the ducking are written into the music's gain, in seconds of output. */
const CURVE_STEP = 0.02;
/** A start a little ahead of now, so the gain's curve never overlaps the value set at once. */
const START_AHEAD = 0.01;
/** How often the lane's level meter is read while playing. */
const METER_MS = 100;

export type MusicPreviewState = 'off' | 'loading' | 'ready' | 'playing';

interface MusicPreviewOptions {
  music: AudioClip | null;
  /** The first shot: the ducking follows its sound (output time 0 is its In point). */
  shot: Shot;
  outputSeconds: number;
  /** The music track's decoded sound, once loaded. */
  track: AudioBuffer | null;
  /** The first shot's decoded sound, which the ducking follows (null: not loaded, silent, or not the only shot). */
  clipSound: AudioBuffer | null;
}

interface Graph {
  context: AudioContext;
  shape: GainNode;
  volume: GainNode;
  meter: AnalyserNode;
  source: AudioBufferSourceNode | null;
}

/**
 * Plays the music lane under the player with Web Audio, as the export mixes it: the piece of
 * the track from `musicSpan`, looped, placed, faded (`fadeGainAt`) and ducked under the clip's sound
 * (`duckingGains`), at its volume. The shots' own sound still plays from their <video>s. Started from the
 * clock's play (a user gesture), rescheduled on every seek, speed change or edit, stopped on pause. While the
 * music plays the clock follows the audio context's time, so picture and music never drift apart.
 * `level` is the music's output level (0–1) for the lane's meter.
 */
export function useMusicPreview(clock: SequenceClock, options: MusicPreviewOptions) {
  const graphRef = useRef<Graph | null>(null);
  const optionsRef = useRef(options);
  const [playing, setPlaying] = useState(false);
  const [level, setLevel] = useState(0);

  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => {
    const start = () => {
      setPlaying(!clock.paused && schedule(graphRef, clock, optionsRef.current));
    };
    const stop = () => {
      stopSource(graphRef.current);
      clock.follow(pageTime);
      setPlaying(false);
    };
    const reschedule = () => {
      if (!clock.paused) start();
    };
    clock.addEventListener('play', start);
    clock.addEventListener('pause', stop);
    clock.addEventListener('seeked', reschedule);
    clock.addEventListener('ratechange', reschedule);
    return () => {
      clock.removeEventListener('play', start);
      clock.removeEventListener('pause', stop);
      clock.removeEventListener('seeked', reschedule);
      clock.removeEventListener('ratechange', reschedule);
    };
  }, [clock]);

  // An edit while playing (a slider, a dragged bar) is heard at once.
  const { music, shot, outputSeconds, track, clipSound } = options;
  useEffect(() => {
    if (!clock.paused) setPlaying(schedule(graphRef, clock, optionsRef.current));
  }, [clock, music, shot, outputSeconds, track, clipSound]);

  useEffect(() => {
    if (!playing) return;
    const samples = new Float32Array(1024);
    const timer = setInterval(() => {
      const meter = graphRef.current?.meter;
      if (!meter) return;
      meter.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    }, METER_MS);
    return () => {
      clearInterval(timer);
    };
  }, [playing]);

  useEffect(
    () => () => {
      const graph = graphRef.current;
      graphRef.current = null;
      stopSource(graph);
      void graph?.context.close();
    },
    [],
  );

  const state: MusicPreviewState = !options.music ? 'off' : playing ? 'playing' : options.track ? 'ready' : 'loading';
  return { state, level: playing ? level : 0 };
}

function graphFor(graphRef: RefObject<Graph | null>): Graph {
  if (graphRef.current) return graphRef.current;
  const context = new AudioContext();
  const shape = context.createGain();
  const volume = context.createGain();
  const meter = context.createAnalyser();
  shape.connect(volume).connect(meter).connect(context.destination);
  const graph: Graph = { context, shape, volume, meter, source: null };
  graphRef.current = graph;
  return graph;
}

function stopSource(graph: Graph | null) {
  if (!graph?.source) return;
  graph.source.onended = null;
  graph.source.stop();
  graph.source.disconnect();
  graph.source = null;
  graph.shape.gain.cancelScheduledValues(0);
}

/** Starts the music where the clock is now, and puts the clock on the audio's time; false when nothing of it is left to hear. */
function schedule(graphRef: RefObject<Graph | null>, clock: SequenceClock, { music, shot, outputSeconds, track, clipSound }: MusicPreviewOptions): boolean {
  stopSource(graphRef.current);
  clock.follow(pageTime);
  if (!music || !track) return false;
  const span = musicSpan(music, outputSeconds, track.duration);
  const now = clock.currentTime;
  if (!span || now >= span.to) return false;

  const graph = graphFor(graphRef);
  const { context } = graph;
  const followAudio = () => {
    if (!clock.paused && graph.source === source) clock.follow(() => context.currentTime);
  };
  const rate = clock.playbackRate;
  const from = Math.max(now, span.from);
  const at = context.currentTime + START_AHEAD + (from - now) / rate;

  const source = context.createBufferSource();
  source.buffer = track;
  source.loop = music.loop;
  source.loopStart = span.pieceIn;
  source.loopEnd = span.pieceIn + span.pieceLength;
  source.playbackRate.value = rate;
  source.connect(graph.shape);

  const steps = Math.max(2, Math.ceil((span.to - from) / CURVE_STEP) + 1);
  const ducking = music.duck && clipSound && !shot.muted ? duckingGains(clipSound, shot.volume, shot.in + from, shot.in + span.to, CURVE_STEP) : null;
  const curve = Float32Array.from({ length: steps }, (_, index) => {
    const t = Math.min(span.to - 1e-6, from + index * CURVE_STEP);
    return fadeGainAt(span, t) * (ducking?.[Math.min(index, ducking.length - 1)] ?? 1);
  });
  graph.shape.gain.cancelScheduledValues(0);
  graph.shape.gain.setValueAtTime(curve[0] ?? 0, context.currentTime);
  graph.shape.gain.setValueCurveAtTime(curve, at, ((steps - 1) * CURVE_STEP) / rate);
  graph.volume.gain.value = music.volume;

  source.start(at, trackTimeAt(span, from));
  source.stop(at + (span.to - from) / rate);
  graph.source = source;
  // A context that is not running yet has a standing clock: the picture follows it once it runs.
  if (context.state === 'running') followAudio();
  else void context.resume().then(followAudio);
  return true;
}
