import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import { testFfmpeg } from './test-ffmpeg.ts';

/** Audio files for the music upload tests, made with the ffmpeg the app finds on PATH. */

const run = promisify(execFile);

async function ffmpeg(...args: string[]): Promise<void> {
  const { ffmpegPath } = await testFfmpeg();
  await run(ffmpegPath, ['-v', 'error', '-y', ...args]);
}

/** Two tones a fifth apart, `seconds` long, at `gain` (linear), then `encode`'s output options. */
export function makeChord(file: string, { seconds, gain }: { seconds: number; gain: number }, ...encode: string[]): Promise<void> {
  return ffmpeg(
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=660:duration=${seconds}`,
    '-filter_complex', `amix=inputs=2,volume=${gain}`,
    ...encode, file,
  );
}

/** An MP4 with a picture and no sound: a container the music upload opens, with nothing in it to play. */
export function makeSilentFilm(file: string): Promise<void> {
  return ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=2', '-an', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file);
}

/**
 * FLAC in Ogg at `sampleRate` with every channel of `layout` playing a beep a second (mostly silence, so even
 * 384 kHz 7.1 is small): a file whose cost is in its rate and channels, not its length.
 */
export function makeBeepsFlacOgg(file: string, { seconds, sampleRate, layout }: { seconds: number; sampleRate: number; layout: '7.1' | 'stereo' }): Promise<void> {
  const channels = layout === '7.1' ? 8 : 2;
  const pan = `pan=${layout}|${Array.from({ length: channels }, (_, i) => `c${i}=c0`).join('|')}`;
  return ffmpeg(
    '-f', 'lavfi', '-i', `aevalsrc=0.5*sin(2*PI*440*t)*lt(mod(t\\,1)\\,0.1):s=${sampleRate}:d=${seconds}`,
    '-af', pan, '-c:a', 'flac', '-sample_fmt', 's16', '-strict', '-2', file,
  );
}

/** 2³¹ − 1: the largest time base an MP4 track header can give. */
const LYING_TIMESCALE = 2 ** 31 - 1;

/** The offsets of every box named `type` in an MP4, looking inside moov, trak and mdia. */
function boxesNamed(bytes: Buffer, type: string, start = 0, end = bytes.length): number[] {
  const found: number[] = [];
  for (let offset = start; offset + 8 <= end; ) {
    const size = bytes.readUInt32BE(offset);
    const name = bytes.toString('latin1', offset + 4, offset + 8);
    if (name === type) found.push(offset);
    if (['moov', 'trak', 'mdia'].includes(name)) found.push(...boxesNamed(bytes, type, offset + 8, offset + size));
    if (size < 8) break;
    offset += size;
  }
  return found;
}

/**
 * An m4a of 8 kHz mono AAC that holds `seconds` of a tone but whose header says `claimedSeconds`: the movie and
 * track durations are rewritten, and the media header's time base set to 2³¹ − 1, so every packet's timestamp is
 * about 2¹⁸ times too small and the whole file seems to end within a fraction of a second (issue 25, F).
 */
export async function makeLyingM4a(file: string, { seconds, claimedSeconds }: { seconds: number; claimedSeconds: number }): Promise<void> {
  await ffmpeg('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=8000:duration=${seconds}`, '-c:a', 'aac', '-b:a', '8k', '-use_editlist', '0', file);
  const bytes = await fs.readFile(file);
  const version0 = (at: number) => {
    if (bytes[at + 8] !== 0) throw new Error('expected version 0 MP4 headers');
    return at;
  };
  const [mvhd] = boxesNamed(bytes, 'mvhd').map(version0);
  const [tkhd] = boxesNamed(bytes, 'tkhd').map(version0);
  const [mdhd] = boxesNamed(bytes, 'mdhd').map(version0);
  if (mvhd === undefined || tkhd === undefined || mdhd === undefined) throw new Error('no mvhd, tkhd or mdhd box in the m4a');
  const movieTimescale = bytes.readUInt32BE(mvhd + 20);
  bytes.writeUInt32BE(claimedSeconds * movieTimescale, mvhd + 24);
  bytes.writeUInt32BE(claimedSeconds * movieTimescale, tkhd + 28);
  bytes.writeUInt32BE(LYING_TIMESCALE, mdhd + 20);
  bytes.writeUInt32BE(LYING_TIMESCALE, mdhd + 24);
  await fs.writeFile(file, bytes);
}
