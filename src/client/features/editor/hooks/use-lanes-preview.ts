import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AudioClip } from '@shared/editor/editor-state';
import { clipLoops, musicSpan, trackTimeAt, type MusicSpan } from '@shared/editor/music-placement';
import type { SpeechSpan } from '@shared/editor/voice-ducking';
import { clipGainCurve, type DuckingKey } from '../lib/ducking-envelope';
import { pageTime, type SequenceClock } from '../lib/sequence-clock';

/** How finely the fades and the ducking are written into a clip's gain, in seconds of output. */
const CURVE_STEP = 0.02;
/** A start a little ahead of now, so the gain's curve never overlaps the value set at once. */
const START_AHEAD = 0.01;
/** How often the lanes' level meters are read while playing. */
const METER_MS = 100;

type LanePreviewState = 'off' | 'loading' | 'ready' | 'playing';
export type SoundLaneId = 'music' | 'voice';

/** A clip the preview plays under the player: the music's, or the voice-over's. */
export interface PreviewClip {
  lane: SoundLaneId;
  clip: AudioClip;
  /** Its source's decoded sound, once loaded. */
  audio: AudioBuffer | null;
  /** What its compressor hears when its `duck` is on (the music's: the shot's sound); empty: none. */
  duckUnder: readonly DuckingKey[];
  /** Where the voice lowers it when its `duck` is on (the music's: voiceDuckingSpans, as the export); empty: never. */
  underVoice: readonly SpeechSpan[];
}

export interface LanesPreview {
  state: Record<SoundLaneId, LanePreviewState>;
  /** Each lane's output level (0–1) for its meter; 0 while not playing. */
  level: Record<SoundLaneId, number>;
}

interface LaneChain {
  shape: GainNode;
  volume: GainNode;
  meter: AnalyserNode;
  source: AudioBufferSourceNode | null;
}

interface Graph {
  context: AudioContext;
  lanes: Partial<Record<SoundLaneId, LaneChain>>;
  /** Counts schedules, so a late `resume` of an old one does not put the clock on the audio. */
  generation: number;
}

const LANES: readonly SoundLaneId[] = ['music', 'voice'];

/**
 * Plays the music and voice lanes under the player with Web Audio, as the export mixes them: the piece of each
 * clip's source from `musicSpan` (the voice without a loop), placed, faded (`fadeGainAt`) and, for music with
 * `duck`, ducked under the shots' sound (`duckingGains`) and lowered under the voice along the export's own curve
 * (`voiceDuckingGainAt`), at its volume. The shots' own sound still plays from their <video>s. Started from the clock's play (a user gesture), rescheduled on every seek, speed
 * change or edit, stopped on pause. While a lane plays the clock follows the audio context's time, so picture and
 * sound never drift apart.
 */
export function useLanesPreview(clock: SequenceClock, clips: readonly PreviewClip[], outputSeconds: number): LanesPreview {
  const graphRef = useRef<Graph | null>(null);
  const optionsRef = useRef({ clips, outputSeconds });
  const [playing, setPlaying] = useState<readonly SoundLaneId[]>([]);
  const [level, setLevel] = useState<Record<SoundLaneId, number>>({ music: 0, voice: 0 });

  useEffect(() => {
    optionsRef.current = { clips, outputSeconds };
  });

  useEffect(() => {
    const start = () => {
      setPlaying(clock.paused ? [] : schedule(graphRef, clock, optionsRef.current.clips, optionsRef.current.outputSeconds));
    };
    const stop = () => {
      stopSources(graphRef.current);
      clock.follow(pageTime);
      setPlaying([]);
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
  useEffect(() => {
    if (!clock.paused) setPlaying(schedule(graphRef, clock, clips, outputSeconds));
  }, [clock, clips, outputSeconds]);

  useEffect(() => {
    if (playing.length === 0) return;
    const samples = new Float32Array(1024);
    const timer = setInterval(() => {
      const lanes = graphRef.current?.lanes;
      if (!lanes) return;
      setLevel({ music: meterLevel(lanes.music, samples), voice: meterLevel(lanes.voice, samples) });
    }, METER_MS);
    return () => {
      clearInterval(timer);
    };
  }, [playing]);

  useEffect(
    () => () => {
      const graph = graphRef.current;
      graphRef.current = null;
      stopSources(graph);
      void graph?.context.close();
    },
    [],
  );

  const stateOf = (lane: SoundLaneId): LanePreviewState => {
    const clip = clips.find((candidate) => candidate.lane === lane);
    return !clip ? 'off' : playing.includes(lane) ? 'playing' : clip.audio ? 'ready' : 'loading';
  };
  const levelOf = (lane: SoundLaneId) => (playing.includes(lane) ? level[lane] : 0);
  return { state: { music: stateOf('music'), voice: stateOf('voice') }, level: { music: levelOf('music'), voice: levelOf('voice') } };
}

function meterLevel(chain: LaneChain | undefined, samples: Float32Array<ArrayBuffer>): number {
  if (!chain?.source) return 0;
  chain.meter.getFloatTimeDomainData(samples);
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.min(1, Math.sqrt(sum / samples.length) * 4);
}

function graphFor(graphRef: RefObject<Graph | null>): Graph {
  graphRef.current ??= { context: new AudioContext(), lanes: {}, generation: 0 };
  return graphRef.current;
}

function chainFor(graph: Graph, lane: SoundLaneId): LaneChain {
  const existing = graph.lanes[lane];
  if (existing) return existing;
  const { context } = graph;
  const chain: LaneChain = { shape: context.createGain(), volume: context.createGain(), meter: context.createAnalyser(), source: null };
  chain.shape.connect(chain.volume).connect(chain.meter).connect(context.destination);
  graph.lanes[lane] = chain;
  return chain;
}

function stopSources(graph: Graph | null) {
  for (const lane of LANES) {
    const chain = graph?.lanes[lane];
    if (!chain?.source) continue;
    chain.source.onended = null;
    chain.source.stop();
    chain.source.disconnect();
    chain.source = null;
    chain.shape.gain.cancelScheduledValues(0);
  }
}

/** Starts every lane's clip where the clock is now and puts the clock on the audio's time; the lanes that sound. */
function schedule(graphRef: RefObject<Graph | null>, clock: SequenceClock, clips: readonly PreviewClip[], outputSeconds: number): SoundLaneId[] {
  stopSources(graphRef.current);
  clock.follow(pageTime);
  const now = clock.currentTime;
  const heard = clips.flatMap((clip) => {
    const span = clip.audio ? musicSpan(clip.clip, outputSeconds, clip.audio.duration) : null;
    return clip.audio && span && now < span.to ? [{ ...clip, audio: clip.audio, span }] : [];
  });
  if (heard.length === 0) return [];

  const graph = graphFor(graphRef);
  const { context } = graph;
  const generation = ++graph.generation;
  for (const clip of heard) startClip(graph, chainFor(graph, clip.lane), clip, now, clock.playbackRate);
  const followAudio = () => {
    if (!clock.paused && graph.generation === generation) clock.follow(() => context.currentTime);
  };
  // A context that is not running yet has a standing clock: the picture follows it once it runs.
  if (context.state === 'running') followAudio();
  else void context.resume().then(followAudio);
  return heard.map((clip) => clip.lane);
}

function startClip(
  graph: Graph,
  chain: LaneChain,
  { clip, audio, span, duckUnder, underVoice }: PreviewClip & { audio: AudioBuffer; span: MusicSpan },
  now: number,
  rate: number,
) {
  const { context } = graph;
  const from = Math.max(now, span.from);
  const at = context.currentTime + START_AHEAD + (from - now) / rate;

  const source = context.createBufferSource();
  source.buffer = audio;
  source.loop = clipLoops(clip);
  source.loopStart = span.pieceIn;
  source.loopEnd = span.pieceIn + span.pieceLength;
  source.playbackRate.value = rate;
  source.connect(chain.shape);

  const curve = clipGainCurve({ clip, span, duckUnder, underVoice }, from, CURVE_STEP);
  const steps = curve.length;
  chain.shape.gain.cancelScheduledValues(0);
  chain.shape.gain.setValueAtTime(curve[0] ?? 0, context.currentTime);
  chain.shape.gain.setValueCurveAtTime(curve, at, ((steps - 1) * CURVE_STEP) / rate);
  chain.volume.gain.value = clip.volume;

  source.start(at, trackTimeAt(span, from));
  source.stop(at + (span.to - from) / rate);
  chain.source = source;
}
