import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';

const run = promisify(execFile);

export interface FfmpegBinaries {
  ffmpegPath: string;
  ffprobePath: string;
  /** Where they came from: FFMPEG_PATH/FFPROBE_PATH, the system PATH, or the npm-shipped static builds. */
  source: 'config' | 'system' | 'npm';
  version: string;
  /** Runs ffmpeg below normal CPU priority (Linux nice 1-19): batch work (exports) yields to what users wait on. */
  niceness?: number;
  /**
   * Whether this ffmpeg has the filters an export joins shots with (`ffmpeg -filters`, read once when it is
   * located): xfade came in ffmpeg 4.3. Without them the export draws the same transitions with older filters
   * (export/transition-fallback.ts). Absent (binaries made by hand): taken as present.
   */
  filters?: TransitionFilters;
}

/** The transition filters an ffmpeg build has. */
export interface TransitionFilters {
  xfade: boolean;
  acrossfade: boolean;
}

export class FfmpegNotFoundError extends Error {
  override name = 'FfmpegNotFoundError';
}

function onPath(command: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

function fromNpm(packageName: string): string | undefined {
  try {
    const installer = createRequire(import.meta.url)(packageName) as { path?: string };
    return installer.path && fs.existsSync(installer.path) ? installer.path : undefined;
  } catch {
    return undefined; // optional dependency not installed on this platform
  }
}

/** Finds ffmpeg and ffprobe in DESIGN §2's order: configured paths, the system's, the npm-shipped ones. */
export async function locateFfmpeg(
  config: { ffmpeg: Pick<Config['ffmpeg'], 'ffmpegPath' | 'ffprobePath'> & { searchPath?: string } },
  searchPath = config.ffmpeg.searchPath ?? '',
): Promise<FfmpegBinaries> {
  const candidates: Array<[FfmpegBinaries['source'], string | undefined, string | undefined]> = [
    ['config', config.ffmpeg.ffmpegPath, config.ffmpeg.ffprobePath],
    ['system', onPath('ffmpeg', searchPath), onPath('ffprobe', searchPath)],
    ['npm', fromNpm('@ffmpeg-installer/ffmpeg'), fromNpm('@ffprobe-installer/ffprobe')],
  ];
  for (const [source, ffmpegPath, ffprobePath] of candidates) {
    if (!ffmpegPath || !ffprobePath) {
      if (source === 'config' && (ffmpegPath || ffprobePath)) {
        throw new FfmpegNotFoundError('Set both FFMPEG_PATH and FFPROBE_PATH, or neither.');
      }
      continue;
    }
    const version = await readVersion(ffmpegPath).catch(() => undefined);
    if (version && (await readVersion(ffprobePath).catch(() => undefined))) {
      return { ffmpegPath, ffprobePath, source, version, filters: await readTransitionFilters(ffmpegPath) };
    }
    if (source === 'config') {
      throw new FfmpegNotFoundError(`FFMPEG_PATH/FFPROBE_PATH do not run: ${ffmpegPath}, ${ffprobePath}`);
    }
  }
  throw new FfmpegNotFoundError(
    'ffmpeg was not found: install it (apt-get install ffmpeg) or run npm install to get the bundled build.',
  );
}

async function readVersion(binary: string): Promise<string> {
  const { stdout } = await run(binary, ['-version'], { timeout: 10_000 });
  const match = /version\s+(\S+)/.exec(stdout);
  if (!match?.[1]) throw new Error(`unexpected -version output from ${binary}`);
  return match[1];
}

/** Which transition filters the build lists; a build whose list cannot be read is taken to have neither (the fallback runs anywhere). */
async function readTransitionFilters(binary: string): Promise<TransitionFilters> {
  const listed = await run(binary, ['-hide_banner', '-filters'], { timeout: 10_000, maxBuffer: 4 * 1024 * 1024 }).then(
    ({ stdout }) => stdout,
    () => '',
  );
  // One filter a line: its flags, its name, what it takes and gives ("  .S. xfade  VV->V  Cross fade …").
  const has = (name: string) => new RegExp(`^\\s*\\S+\\s+${name}\\s`, 'm').test(listed);
  return { xfade: has('xfade'), acrossfade: has('acrossfade') };
}
