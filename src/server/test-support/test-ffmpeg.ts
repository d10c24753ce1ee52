import { type FfmpegBinaries, locateFfmpeg } from '../render/ffmpeg-binaries.ts';

let systemFfmpeg: Promise<FfmpegBinaries> | undefined;

/**
 * ffmpeg as the app finds it on PATH, looked up once per worker (every app would run `-version` twice); a module of
 * its own so fixtures can use it without importing the app.
 */
export function testFfmpeg(): Promise<FfmpegBinaries> {
  systemFfmpeg ??= locateFfmpeg({ ffmpeg: { searchPath: process.env.PATH } });
  return systemFfmpeg;
}
