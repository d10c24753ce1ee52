import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';

/** How a voice is stored: AAC in an .m4a, 48 kHz mono (the export's audio rate, so mixing needs no resampling of it). */
export async function encodeVoice(ffmpeg: FfmpegBinaries, wavFile: string, m4aFile: string, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(
    ffmpeg,
    ['-y', '-i', wavFile, '-vn', '-ac', '1', '-ar', '48000', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-f', 'mp4', m4aFile],
    { signal, timeoutMs: 120_000 },
  );
}
