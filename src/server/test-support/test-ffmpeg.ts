import { type FfmpegBinaries, locateFfmpeg } from '../render/ffmpeg-binaries.ts';

const located = new Map<string, Promise<FfmpegBinaries>>();

/**
 * ffmpeg as the app finds it on `searchPath` (with the npm-shipped build where it finds none), looked up once per
 * worker: each look-up runs `-version` twice and `-filters` once, each a process start of ~70 ms of CPU. A module of
 * its own so fixtures can use it without importing the app. Treat the answer as read-only: files share it.
 */
export function testFfmpegOn(searchPath = ''): Promise<FfmpegBinaries> {
  let binaries = located.get(searchPath);
  if (!binaries) {
    binaries = locateFfmpeg({ ffmpeg: {} }, searchPath);
    located.set(searchPath, binaries);
  }
  return binaries;
}

/** ffmpeg as the app finds it on PATH. */
export function testFfmpeg(): Promise<FfmpegBinaries> {
  return testFfmpegOn(process.env.PATH ?? '');
}
