import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runMediaTool } from './ffmpeg-runner.ts';

export interface LoudnessMeasurement {
  /** EBU R128 integrated loudness, LUFS. */
  integratedLufs: number;
  /** The highest true (4× oversampled) peak of any channel, dBTP. */
  truePeakDb: number;
}

/** The last number after `label` in ebur128's closing summary (its per-frame lines come first). */
function summaryValue(stderr: string, label: string): number {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const match = new RegExp(`${label}\\s+(-?[\\d.]+|-inf)`).exec(summary);
  if (!match?.[1]) throw new Error(`ffmpeg's ebur128 summary has no ${label}`);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

/**
 * Measures an audio file with ffmpeg's ebur128 filter (-af ebur128=peak=true -f null -). It prints its
 * summary only on stderr at info level, which runFfmpeg does not keep, hence a call of its own, at the binaries'
 * niceness. Aborting kills it.
 */
export async function measureLoudness(
  ffmpeg: FfmpegBinaries,
  file: string,
  options: { signal?: AbortSignal; /** Wall-clock limit; 0 for none, where the caller's signal bounds the run. */ timeoutMs?: number } = {},
): Promise<LoudnessMeasurement> {
  const { stderr } = await runMediaTool(
    ffmpeg.ffmpegPath,
    ['-hide_banner', '-nostdin', '-nostats', '-i', file, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'],
    { timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024, signal: options.signal, niceness: ffmpeg.niceness },
  );
  return { integratedLufs: summaryValue(stderr, 'I:'), truePeakDb: summaryValue(stderr, 'Peak:') };
}

/**
 * The integrated loudness (LUFS) at the end of a file written by `ebur128=metadata=1,ametadata=mode=print:
 * key=lavfi.r128.I:file=…`: ebur128 puts its running value on every audio frame, so the last is the whole
 * stream's. -inf (or -70, ebur128's floor) for silence or a stream too short to measure.
 */
export function integratedLoudnessFromMetadata(text: string): number {
  const values = [...text.matchAll(/lavfi\.r128\.I=(-?[\d.]+|-?inf|nan)/g)].map((match) => Number(match[1]!.replace('inf', 'Infinity')));
  const last = values.at(-1);
  return last === undefined || Number.isNaN(last) ? -Infinity : last;
}
