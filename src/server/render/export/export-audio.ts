import path from 'node:path';
import { type EditorState, musicClips, voiceClips } from '../../../shared/editor/editor-state.ts';
import { musicSpan } from '../../../shared/editor/music-placement.ts';
import { voiceDuckingSpans } from '../../../shared/editor/voice-ducking.ts';
import { type ExportSources, type JoinLink, type ReadShot, type ShotInput, joinInOrder, joinWith, planShots, readShots } from './export-shots.ts';
import { createInputs, type FfmpegInputs } from './ffmpeg-inputs.ts';
import type { TransitionFilters } from '../ffmpeg-binaries.ts';
import { soundCrossfadeWithoutAcrossfade } from './transition-fallback.ts';
import { filter, formatNumber } from './filter-syntax.ts';
import {
  type MusicFile,
  type PlacedMusic,
  loudnessFilters,
  musicMixGraph,
  peakLimiter,
  readMusic,
  shotSoundFilters,
  silenceSource,
} from './music-mix.ts';

/** What the audio of an export reads. */
interface AudioInput {
  sources: ExportSources;
  workDir: string;
  /** The music lane's tracks by track id. */
  music?: ReadonlyMap<string, MusicFile>;
  /** The voice lane's media assets' files by media id. */
  voice?: ReadonlyMap<string, MusicFile>;
  /** Which transition filters the ffmpeg has; absent: both. */
  filters?: TransitionFilters;
}

/** The audio graph every pass that writes or measures the export's sound shares. */
export interface AudioPlan {
  /** Whether any music or voice is mixed in: only then is the mix measured and normalised. */
  mixed: boolean;
  /** Graph lines that end in `output`, with `after` (filters) applied to the mix. */
  graph(after: string[]): string[];
  /** What `-map` takes for the audio. */
  output: string;
}

/**
 * Each shot's sound (silence for a shot without any) at its volume, exactly its length, joined as its pictures
 * are: an acrossfade over a transition's overlap (faded pieces summed where the ffmpeg has no acrossfade), end to
 * end at a cut. Ends in `[shots]`.
 */
function shotsSound(shots: readonly ReadShot[], acrossfade: boolean): string[] {
  const lines = shots.map((shot, index) => {
    const source = shot.probe.audioCodec ? shot.input.audio : `${silenceSource(shot.length)},`;
    return `${source}${shotSoundFilters(shot.volume, shot.length).join(',')}[shot${index}]`;
  });
  const join = (shot: ShotInput, link: JoinLink) => {
    if (shot.overlap <= 0) return joinWith(filter('concat', [['n', 2], ['v', 0], ['a', 1]]), link);
    if (!acrossfade) return soundCrossfadeWithoutAcrossfade(shot, link);
    return joinWith(filter('acrossfade', [['d', formatNumber(shot.overlap)], ['c1', 'tri'], ['c2', 'tri']]), link);
  };
  const inputs = shots.map((_, index) => `[shot${index}]`);
  return [...lines, ...joinInOrder(shots, inputs, { join, prefix: 'sound', output: '[shots]', passThrough: 'anull' })];
}

/**
 * The sequence's sound: the shots' sound joined, the voice lane's clips placed over it, and the music lane's clips
 * mixed under both (each a piece of its source, placed, faded and ducked as the preview plays it: music-mix.ts; a
 * voice clip as a music clip without a loop). While the voice speaks, the music that ducks and, where the voice
 * clip's `duck` is on, the shots' sound are lowered (voiceDuckingSpans, decision 051). Without music or voice the shots' sound is not measured or
 * normalised, only limited. Each clip heard is added to `inputs` (a clip of a missing source, or outside the output,
 * is left out).
 */
export function planAudio(
  input: AudioInput,
  editorState: EditorState,
  { shots, durationSeconds, inputs }: { shots: readonly ReadShot[]; durationSeconds: number; inputs: FfmpegInputs },
): AudioPlan {
  const place = (clip: EditorState['audioClips'][number], file: MusicFile | undefined): PlacedMusic[] => {
    const span = file ? musicSpan(clip, durationSeconds, file.durationSeconds) : null;
    if (!file || !span) return [];
    return [{ audio: readMusic(inputs, file, span).audio, span, volume: clip.volume, duck: clip.duck }];
  };
  const voice = voiceClips(editorState).flatMap((clip) => place({ ...clip, duck: false }, input.voice?.get(clip.source.mediaId)));
  const placed = musicClips(editorState).flatMap((clip) => place(clip, input.music?.get(clip.source.trackId)));
  const sound = shotsSound(shots, input.filters?.acrossfade ?? true);
  if (placed.length === 0 && voice.length === 0) {
    return { mixed: false, graph: (after) => [...sound, `[shots]${after.length > 0 ? after.join(',') : 'anull'}[a]`], output: '[a]' };
  }
  const shotsSounding = shots.some((shot) => Boolean(shot.probe.audioCodec) && shot.volume > 0);
  const recordingSeconds = (mediaId: string) => input.voice?.get(mediaId)?.durationSeconds;
  const underVoice = {
    music: voiceDuckingSpans(editorState, durationSeconds, 'music', recordingSeconds),
    shots: shotsSounding ? voiceDuckingSpans(editorState, durationSeconds, 'shots', recordingSeconds) : [],
  };
  return {
    mixed: true,
    graph: (after) => [
      ...sound,
      ...musicMixGraph({ clipAudio: '[shots]', clipSounds: shotsSounding, music: placed, voice, underVoice }, after.length > 0 ? '[mix]' : '[a]'),
      ...(after.length > 0 ? [`[mix]${after.join(',')}[a]`] : []),
    ],
    output: '[a]',
  };
}

/**
 * The audio graph of an export for the main pass: with music or voice, the measured gain before the limiter; `cutDb`
 * taken off after it when the sound is written again for its true peak (export-true-peak.ts).
 */
export function mainPassAudio(plan: AudioPlan, loudnessGainDb: number, cutDb = 0): string[] {
  return plan.graph(plan.mixed ? loudnessFilters(loudnessGainDb, cutDb) : peakLimiter(cutDb));
}

export interface LoudnessPassCommand {
  args: string[];
  /** The graph, written before running (as the export's). */
  files: Array<{ path: string; contents: string }>;
  /** Where ebur128's running integrated loudness is written, one value per audio frame; the last is the whole mix's. */
  metadataFile: string;
  /** The output's length in seconds. */
  durationSeconds: number;
}

/**
 * The measuring pass of an export with music or voice: the same inputs and audio mix, no video, through ebur128.
 * Null when nothing is mixed under the shots' sound (the export is then not normalised).
 */
export function buildLoudnessPassCommand(input: AudioInput, editorState: EditorState): LoudnessPassCommand | null {
  const { shots: planned, durationSeconds } = planShots(input.sources, editorState);
  const inputs = createInputs();
  const shots = readShots(inputs, planned);
  const plan = planAudio(input, editorState, { shots, durationSeconds, inputs });
  if (!plan.mixed) return null;
  const metadataFile = path.join(input.workDir, 'loudness.txt');
  const graphFile = path.join(input.workDir, 'loudness-graph.txt');
  const measure = [
    filter('ebur128', [['metadata', 1]]),
    filter('ametadata', [['mode', 'print'], ['key', 'lavfi.r128.I'], ['file', metadataFile]]),
  ];
  const graph = plan.graph(measure).join(';\n');
  return {
    args: [
      ...inputs.args(),
      '-filter_complex_script', graphFile,
      '-map', plan.output, '-vn', '-t', formatNumber(durationSeconds), '-f', 'null', '-',
    ],
    files: [{ path: graphFile, contents: graph }],
    metadataFile,
    durationSeconds,
  };
}
