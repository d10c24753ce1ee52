import type { MusicSpan } from '../../../shared/editor/music-placement.ts';
import { DUCKING } from '../../../shared/editor/ducking.ts';
import { type SpeechSpan, VOICE_DUCKING } from '../../../shared/editor/voice-ducking.ts';
import type { AudioOnlyInput, FfmpegInputs } from './ffmpeg-inputs.ts';
import { filter, formatNumber } from './filter-syntax.ts';

/** A music track's file, downloaded for the export, and its length as ffprobe reads it. */
export interface MusicFile {
  file: string;
  durationSeconds: number;
}

/** Music tracks are stored as AAC in MP4 (m4a): the music input may be read by these demuxers only. */
const MUSIC_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2';

/** The mix runs, and the export's audio is written, at 48 kHz stereo (DESIGN §5 Media). */
const MIX_RATE = 48_000;
const MIX_FORMAT = filter('aformat', [['sample_fmts', 'fltp'], ['sample_rates', MIX_RATE], ['channel_layouts', 'stereo']]);
/**
 * Before MIX_FORMAT on the clip's sound: silence from the output's start up to where the sound begins (a
 * camera's audio that starts late stays where it was heard: the export has no edit lists to say so), and
 * the mixdown to stereo scaled so no output sample exceeds the loudest input one (unscaled, a loud 5.1
 * source's channels add up to +8.5 dB, past what the limiter holds).
 */
const CLIP_SOUND = filter('aresample', [['rematrix_maxval', 1], ['first_pts', 0]]);

/** An export with music is normalised to this integrated loudness (EBU R128), what TikTok, Reels and Shorts play at. */
export const TARGET_LUFS = -14;
/** No export's true peak (4× oversampled, as ebur128 reads the encoded file) is above this (decision 059). */
export const MAX_TRUE_PEAK_DB = -1;
/**
 * The limiter after the normalising gain holds sample peaks here, 1 dB under MAX_TRUE_PEAK_DB: the
 * 4× oversampled true peak and AAC's coding both read above the sample peak (the bursts test, whose
 * peaks the gain lifts past full scale, ends at -2.0 dBTP). Dense loud sound that the limiter works hard on
 * reads higher still: the export then writes its sound again, turned down (export-true-peak.ts).
 */
const LIMIT_DB = -2;
/** A quiet mix is raised at most this much: past it the gain would mostly lift noise. */
const MAX_GAIN_DB = 24;
/** ebur128's floor: what it reports for silence. */
const SILENCE_LUFS = -70;

/** The music file added as an input: only what the piece needs is read. */
export function readMusic(inputs: FfmpegInputs, music: MusicFile, span: MusicSpan): AudioOnlyInput {
  return inputs.audio(music.file, ['-format_whitelist', MUSIC_DEMUXERS, '-t', formatNumber(span.pieceIn + span.pieceLength + 1)]);
}

/** The constant gain that brings a mix measured at `integratedLufs` to TARGET_LUFS (0 for a silent mix). */
export function normalisingGainDb(integratedLufs: number): number {
  if (!Number.isFinite(integratedLufs) || integratedLufs <= SILENCE_LUFS) return 0;
  return Math.min(MAX_GAIN_DB, TARGET_LUFS - integratedLufs);
}

/**
 * A clip of an audio lane as the mix reads it: its source's input, where it sounds, its level and whether it ducks
 * (a voice clip never does: it is what the music ducks under).
 */
export interface PlacedMusic {
  audio: string;
  span: MusicSpan;
  volume: number;
  duck: boolean;
}

export interface MusicMix {
  /** The shots' sound, joined, at their volumes, in the mix's format. */
  clipAudio: string;
  /** Whether the shots' sound may duck the music through the compressor: some shot has sound and is heard. */
  clipSounds: boolean;
  music: PlacedMusic[];
  /** The voice lane's clips: placed as music clips are (without a loop), summed with the shots' sound. */
  voice?: PlacedMusic[];
  /** Where the voice lowers the ducking music, and where it lowers the shots' sound (voiceDuckingSpans). */
  underVoice?: { music: readonly SpeechSpan[]; shots: readonly SpeechSpan[] };
}

/** Seconds as a whole number of samples at the mix's rate. */
function samples(seconds: number): number {
  return Math.round(seconds * MIX_RATE);
}

/**
 * A lane's clip as `musicSpan` says it sounds: the piece cut from the track, repeated (aloop holding one piece,
 * so memory is bounded by the piece) and cut to the span, faded in and out linearly, at its volume, then
 * delayed to `from` on the output and padded with silence after `to`.
 */
function musicChain({ span, volume }: PlacedMusic): string[] {
  const length = span.to - span.from;
  const piece = samples(span.pieceLength);
  const repeats = Math.ceil(length / span.pieceLength) - 1;
  const delayMs = formatNumber(span.from * 1000);
  return [
    MIX_FORMAT,
    filter('atrim', [['start_sample', samples(span.pieceIn)], ['end_sample', samples(span.pieceIn) + piece]]),
    'asetpts=PTS-STARTPTS',
    ...(repeats > 0 ? [filter('aloop', [['loop', repeats], ['size', piece]]), 'asetpts=N/SR/TB'] : []),
    filter('atrim', [['end_sample', samples(length)]]),
    ...(span.fadeIn > 0 ? [filter('afade', [['t', 'in'], ['st', 0], ['d', formatNumber(span.fadeIn)], ['curve', 'tri']])] : []),
    ...(span.fadeOut > 0
      ? [filter('afade', [['t', 'out'], ['st', formatNumber(length - span.fadeOut)], ['d', formatNumber(span.fadeOut)], ['curve', 'tri']])]
      : []),
    filter('volume', [['volume', formatNumber(volume)]]),
    // Both channels (adelay's `all` is missing from ffmpeg 4.1).
    ...(span.from > 0 ? [filter('adelay', [['delays', `${delayMs}|${delayMs}`]])] : []),
    // The mix below ends with its shortest input: the music lasts as long as the shots' sound.
    'apad',
  ];
}

/** sidechaincompress works on doubles; ffmpeg does not convert to them on its own after asplit. */
const COMPRESSOR_FORMAT = filter('aformat', [['sample_fmts', 'dbl'], ['sample_rates', MIX_RATE], ['channel_layouts', 'stereo']]);

/** The preview's numbers (shared DUCKING); sidechaincompress's RMS detector reads the clip's sound after its volume. */
const duckingCompressor = filter('sidechaincompress', [
  ['threshold', formatNumber(10 ** (DUCKING.thresholdDb / 20))],
  ['ratio', DUCKING.ratio],
  ['attack', formatNumber(DUCKING.attackSeconds * 1000)],
  ['release', formatNumber(DUCKING.releaseSeconds * 1000)],
]);

/**
 * Stereo streams added up (amerge + pan): amix scales its inputs down, and its `normalize` option is missing
 * from ffmpeg 4.1.
 */
function sumLine(inputs: string[], output: string): string {
  if (inputs.length === 1) return `${inputs[0]}${MIX_FORMAT}${output}`;
  const left = inputs.map((_, index) => `c${2 * index}`).join('+');
  const right = inputs.map((_, index) => `c${2 * index + 1}`).join('+');
  return `${inputs.join('')}amerge=inputs=${inputs.length},pan=stereo|c0=${left}|c1=${right},${MIX_FORMAT}${output}`;
}

/** The ducking frames are this many samples (10 ms): the gain is evaluated once a frame. */
const DUCKING_FRAME_SAMPLES = 480;

/**
 * The ducking under the voice (voiceDuckingGainAt, the preview's curve) as ffmpeg's `volume`, evaluated at the start
 * of every 10 ms frame: a flat sum of one clipped ramp per span (the spans are merged, so at most one is non-zero),
 * never nested, so any number of spans stays inside the expression parser's depth.
 */
function voiceDuckingFilters(spans: readonly SpeechSpan[]): string[] {
  if (spans.length === 0) return [];
  const attack = formatNumber(VOICE_DUCKING.attackSeconds);
  const release = formatNumber(VOICE_DUCKING.releaseSeconds);
  const ramps = spans.map(
    ({ from, to }) =>
      `clip(min((t-(${formatNumber(from - VOICE_DUCKING.attackSeconds)}))/${attack},(${formatNumber(to + VOICE_DUCKING.releaseSeconds)}-t)/${release}),0,1)`,
  );
  const gain = `pow(10,-${formatNumber(VOICE_DUCKING.depthDb)}*min(1,${ramps.join('+')})/20)`;
  return [filter('asetnsamples', [['n', DUCKING_FRAME_SAMPLES], ['p', 0]]), filter('volume', [['volume', gain], ['eval', 'frame']])];
}

/**
 * Graph lines that mix the shots' sound, the voice lane's clips and the music lane's clips into `output`, 48 kHz
 * stereo. While the voice speaks the shots' sound and the music clips that duck are lowered (voiceDuckingFilters);
 * the ducking music clips also go, summed, through one compressor keyed by the shots' sound (its gain follows the key
 * alone, so one compressor over their sum is each clip ducked alike). The voice itself is never lowered.
 */
export function musicMixGraph(mix: MusicMix, output: string): string[] {
  const voice = mix.voice ?? [];
  const underVoice = mix.underVoice ?? { music: [], shots: [] };
  const lines = [
    ...voice.map((clip, index) => `${clip.audio}${musicChain(clip).join(',')}[voice${index}]`),
    ...mix.music.map((music, index) => `${music.audio}${musicChain(music).join(',')}[music${index}]`),
  ];
  const voices = voice.map((_, index) => `[voice${index}]`);
  let clip = mix.clipAudio;
  if (underVoice.shots.length > 0) {
    lines.push(`${clip}${voiceDuckingFilters(underVoice.shots).join(',')}[shots-under-voice]`);
    clip = '[shots-under-voice]';
  }
  const ducks = (music: PlacedMusic) => music.duck && (mix.clipSounds || underVoice.music.length > 0);
  const ducking = mix.music.flatMap((music, index) => (ducks(music) ? [`[music${index}]`] : []));
  const plain = mix.music.flatMap((music, index) => (ducks(music) ? [] : [`[music${index}]`]));
  if (ducking.length === 0) {
    lines.push(sumLine([clip, ...voices, ...plain], output));
    return lines;
  }
  lines.push(sumLine(ducking, '[ducking]'));
  let ducked = '[ducking]';
  if (underVoice.music.length > 0) {
    lines.push(`${ducked}${voiceDuckingFilters(underVoice.music).join(',')}[ducking-under-voice]`);
    ducked = '[ducking-under-voice]';
  }
  if (mix.clipSounds) {
    lines.push(
      `${clip}asplit=2[clip-split][key]`,
      `${ducked}${COMPRESSOR_FORMAT}[ducking-dbl]`,
      // The compressor and asplit leave the channel layout open: amerge needs it said again on both inputs.
      `[key]${COMPRESSOR_FORMAT}[key-dbl]`,
      `[ducking-dbl][key-dbl]${duckingCompressor},${MIX_FORMAT}[ducked]`,
      `[clip-split]${MIX_FORMAT}[clip]`,
    );
    clip = '[clip]';
    ducked = '[ducked]';
  }
  lines.push(sumLine([clip, ...voices, ducked, ...plain], output));
  return lines;
}

/** The limiter looks this far ahead, and so delays the sound by as much. */
const LIMITER_ATTACK_MS = 5;
/**
 * The AAC encoder's priming: its first 1024 samples are the decoder's warm-up. Without an edit list to skip
 * them every player plays them, so the sound is cut by as much at its start and lands on its picture.
 */
const AAC_PRIMING_SAMPLES = 1024;

/**
 * After the mix: the constant gain the measuring pass asked for, and a limiter that only touches peaks
 * (level=0: no automatic make-up gain, so everything under its limit passes unchanged). Its look-ahead
 * delay is cut from the start (ffmpeg 4.1's alimiter has no `latency` option), so the sound stays in sync.
 */
export function loudnessFilters(gainDb: number, cutDb = 0): string[] {
  return [filter('volume', [['volume', `${formatNumber(gainDb)}dB`]]), ...peakLimiter(cutDb)];
}

/**
 * The limiter alone (see loudnessFilters), with its look-ahead delay and the AAC priming cut from the start, and
 * `cutDb` taken off after it where the encoded file's true peak read too high (export-true-peak.ts). A constant
 * gain after the limiter brings every peak of the encoded sound down by as much; a lower limit would not: the
 * limiter, working harder, adds distortion whose coding overshoots more (-0.4 dBTP at limits of -2 and -2.9 dBFS).
 */
export function peakLimiter(cutDb = 0): string[] {
  return [
    filter('alimiter', [['limit', formatNumber(10 ** (LIMIT_DB / 20))], ['attack', LIMITER_ATTACK_MS], ['level', 0]]),
    ...(cutDb > 0 ? [filter('volume', [['volume', `${formatNumber(-cutDb)}dB`]])] : []),
    filter('atrim', [['start_sample', samples(LIMITER_ATTACK_MS / 1000) + AAC_PRIMING_SAMPLES]]),
    'asetpts=PTS-STARTPTS',
  ];
}

/** Silence in the mix's format, `seconds` long: the sound of a shot that has none (every export has audio, DESIGN §5 Media). */
export function silenceSource(seconds: number): string {
  return filter('aevalsrc', [['exprs', 0], ['channel_layout', 'stereo'], ['sample_rate', MIX_RATE], ['duration', formatNumber(seconds)]]);
}

/** A shot's sound from its start, in the mix's format, at its volume, exactly `seconds` long (padded with silence). */
export function shotSoundFilters(volume: number, seconds: number): string[] {
  const length = samples(seconds);
  return [
    CLIP_SOUND,
    MIX_FORMAT,
    ...(volume === 1 ? [] : [filter('volume', [['volume', formatNumber(volume)]])]),
    filter('apad', [['whole_len', length]]),
    filter('atrim', [['end_sample', length]]),
  ];
}
