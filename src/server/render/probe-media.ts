import fs from 'node:fs/promises';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runMediaTool } from './ffmpeg-runner.ts';

/** A video stream's colour tags as ffprobe names them (bt2020nc, arib-std-b67, tv…); absent when the file does not say. */
export interface ColorTags {
  colorSpace?: string;
  colorTransfer?: string;
  colorPrimaries?: string;
  colorRange?: string;
}

/** What we need to know about a video file, from ffprobe; its colour tags say whether it is HDR (hdrColorOf). */
export interface MediaProbe extends ColorTags {
  /** The container's duration: what a player shows (the longest stream). */
  durationSeconds: number;
  /** How long the picture lasts; AAC padding can make the container ~20 ms longer. */
  videoDurationSeconds: number;
  /** Display size: pixel aspect ratio and a 90/270 degree rotation are applied, so width/height give the aspect. */
  width: number;
  height: number;
  videoCodec: string;
  pixelFormat: string;
  /** Average frames per second (0 when ffprobe cannot tell). */
  frameRate: number;
  /**
   * The stream's base rate (ffprobe's r_frame_rate): the average for a constant-rate video, the finest
   * timing step for a variable one (a phone's screen recording says 60 and averages 27).
   */
  nominalFrameRate: number;
  audioCodec: string | null;
  formatName: string;
  sizeBytes: number;
}

/** The file is not something a browser could play as a video: ffprobe failed, or it has no video stream. */
export class NotAVideoError extends Error {
  override name = 'NotAVideoError';
  constructor(readonly detail?: string) {
    super('Not a playable video');
  }
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  color_space?: string;
  color_transfer?: string;
  color_primaries?: string;
  color_range?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_aspect_ratio?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

/**
 * The only demuxers ffprobe/ffmpeg may use on a user's file (pass as `-format_whitelist` before `-i`). Without
 * it a text file opens as an "ansi" video (the tty demuxer), an image as a one-frame video, and a playlist
 * (hls, concat) makes ffmpeg read the files or URLs it names.
 */
export const VIDEO_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,mpeg,flv,ogg,asf';

function ratio(value: string | undefined): number {
  const [num, den] = (value ?? '').split(/[/:]/).map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return 0;
  return num / den;
}

function positive(value: string | undefined): number | undefined {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

function rotationOf(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation;
  const degrees = fromSideData ?? Number(stream.tags?.rotate ?? 0);
  return ((Math.round(degrees) % 360) + 360) % 360;
}

export interface ProbeOptions {
  /** Past this ffprobe is killed; the file then counts as not a video. */
  timeoutMs?: number;
}

/**
 * Reads duration, size, codecs and rates of a video file from its headers. Throws NotAVideoError for anything
 * that is not a video in one of VIDEO_DEMUXERS' containers, or that ffprobe cannot read within the time limit.
 */
export async function probeMedia(binaries: FfmpegBinaries, file: string, { timeoutMs = 60_000 }: ProbeOptions = {}): Promise<MediaProbe> {
  let parsed: ProbeOutput;
  try {
    const { stdout } = await runMediaTool(
      binaries.ffprobePath,
      ['-v', 'error', '-format_whitelist', VIDEO_DEMUXERS, '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: Math.ceil(timeoutMs), maxBuffer: 16 * 1024 * 1024 },
    );
    parsed = JSON.parse(stdout) as ProbeOutput;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new NotAVideoError(stderr || (error as Error).message);
  }

  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const formatName = parsed.format?.format_name ?? '';
  if (!video?.width || !video.height || !video.codec_name) throw new NotAVideoError('no video stream');
  const audio = streams.find((stream) => stream.codec_type === 'audio');

  const durationSeconds =
    positive(parsed.format?.duration) ?? positive(video.duration) ?? (await durationFromPackets(binaries, file, 2 * timeoutMs));
  if (!durationSeconds) throw new NotAVideoError('no duration');

  const sar = ratio(video.sample_aspect_ratio) || 1;
  let width = Math.round(video.width * sar);
  let height = video.height;
  if (rotationOf(video) % 180 === 90) [width, height] = [height, width];

  const sizeBytes = positive(parsed.format?.size) ?? (await fs.stat(file)).size;
  return {
    durationSeconds,
    videoDurationSeconds: positive(video.duration) ?? durationSeconds,
    width,
    height,
    videoCodec: video.codec_name,
    pixelFormat: video.pix_fmt ?? '',
    frameRate: ratio(video.avg_frame_rate) || ratio(video.r_frame_rate),
    nominalFrameRate: ratio(video.r_frame_rate) || ratio(video.avg_frame_rate),
    audioCodec: audio?.codec_name ?? null,
    formatName,
    sizeBytes,
    colorSpace: video.color_space,
    colorTransfer: video.color_transfer,
    colorPrimaries: video.color_primaries,
    colorRange: video.color_range,
  };
}

/** Some files (e.g. WebM from a browser's MediaRecorder) carry no duration: read it off the last video packet. */
async function durationFromPackets(binaries: FfmpegBinaries, file: string, timeoutMs: number): Promise<number | undefined> {
  const { stdout } = await runMediaTool(
    binaries.ffprobePath,
    [
      '-v', 'error', '-format_whitelist', VIDEO_DEMUXERS, '-select_streams', 'v:0',
      '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file,
    ],
    { timeout: Math.ceil(timeoutMs), maxBuffer: 256 * 1024 * 1024 },
  ).catch(() => ({ stdout: '' }));
  let end = 0;
  for (const line of stdout.split('\n')) {
    const [pts = NaN, duration = NaN] = line.split(',').map(Number);
    if (Number.isFinite(pts)) end = Math.max(end, pts + (Number.isFinite(duration) ? duration : 0));
  }
  return end > 0 ? end : undefined;
}

interface TopLevelBox {
  type: string;
  offset: number;
  /** 0 when the box claims to run to the end of the file. */
  size: number;
}

/** The MP4/MOV file's top-level boxes in order, read from their headers alone; stops at the first unreadable one. */
async function readTopLevelBoxes(file: string): Promise<{ boxes: TopLevelBox[]; fileSize: number }> {
  const handle = await fs.open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(16);
    const boxes: TopLevelBox[] = [];
    let offset = 0;
    while (offset + 8 <= fileSize) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) break;
      const type = header.toString('latin1', 4, 8);
      let size = header.readUInt32BE(0);
      if (size === 1) {
        if (bytesRead < 16) break;
        size = Number(header.readBigUInt64BE(8));
      }
      if (size !== 0 && size < 8) break;
      boxes.push({ type, offset, size });
      if (size === 0) break; // the box runs to the end of the file
      offset += size;
    }
    return { boxes, fileSize };
  } finally {
    await handle.close();
  }
}

/**
 * True when the MP4's `moov` box comes before its `mdat` box, so a browser can start playing before the
 * whole file has arrived. Reads only the top-level box headers.
 */
export async function isFaststart(file: string): Promise<boolean> {
  const { boxes } = await readTopLevelBoxes(file);
  const first = boxes.find((box) => box.type === 'moov' || box.type === 'mdat');
  return first?.type === 'moov';
}

/**
 * True when an MP4/MOV file is whole: it has a `moov` box and no top-level box claims more bytes than the file
 * holds (a file cut short, e.g. just after its `mdat` header, is not). Reads only the top-level box headers.
 */
export async function isCompleteMp4(file: string): Promise<boolean> {
  const { boxes, fileSize } = await readTopLevelBoxes(file);
  const last = boxes.at(-1);
  if (!last || !boxes.some((box) => box.type === 'moov')) return false;
  return last.size === 0 || last.offset + last.size <= fileSize;
}
