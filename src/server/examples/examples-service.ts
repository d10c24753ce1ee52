import path from 'node:path';
import type { ExampleVideo } from '../../shared/examples.ts';
import { notFound } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import { type Storage, storageKey } from '../providers/storage/storage.ts';
import type { VideoModel } from '../providers/video-model/video-model.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { extractThumbnail } from '../render/media-operations.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { exampleCatalog } from './examples-catalog.ts';

/** Bump when the renderer changes, so cached clips are rendered again. */
const RENDER_VERSION = 'v1';
const THUMBNAIL_CLIP_SECONDS = 2;

interface ExamplesDeps {
  storage: Storage;
  /** Always the offline renderer: examples must not spend provider quota. */
  renderer: VideoModel;
  ffmpeg: FfmpegBinaries;
  logger: Logger;
}

/**
 * Renders each example's clip and thumbnail the first time someone asks, one render at a time, and
 * keeps them in storage. The thumbnail comes from a short render of the same prompt (the renderer is
 * deterministic), so the grid fills quickly before any full clip exists.
 */
export function createExamplesService({ storage, renderer, ffmpeg, logger }: ExamplesDeps) {
  const inFlight = new Map<string, Promise<void>>();
  let chain: Promise<unknown> = Promise.resolve();

  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  function list(): ExampleVideo[] {
    return exampleCatalog.map((entry) => ({
      ...entry,
      videoUrl: `/api/examples/${entry.id}/video`,
      thumbnail: `/api/examples/${entry.id}/thumbnail`,
    }));
  }

  function find(id: number) {
    const entry = exampleCatalog.find((example) => example.id === id);
    if (!entry) throw notFound('No such example');
    return entry;
  }

  async function ensure(key: string, make: (dir: string) => Promise<{ file: string; contentType: string }>) {
    if (await storage.stat(key)) return;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = serially(() =>
        withScratchDir('example', async (dir) => {
          const { file, contentType } = await make(dir);
          await storage.putFile(key, file, contentType);
        }),
      ).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    await pending;
  }

  async function render(entry: (typeof exampleCatalog)[number], seconds: number, dir: string) {
    const outputFile = path.join(dir, 'clip.mp4');
    await renderer.generateSegment({
      prompt: entry.prompt,
      aspectRatio: entry.aspectRatio,
      resolution: '720p',
      durationSeconds: seconds,
      segmentIndex: 0,
      totalSegments: 1,
      outputFile,
    });
    return outputFile;
  }

  async function videoKey(id: number): Promise<string> {
    const entry = find(id);
    const key = storageKey('examples', `${RENDER_VERSION}-${id}.mp4`);
    await ensure(key, async (dir) => {
      logger.info({ example: id }, 'rendering example clip');
      return { file: await render(entry, Number.parseInt(entry.duration, 10), dir), contentType: 'video/mp4' };
    });
    return key;
  }

  async function thumbnailKey(id: number): Promise<string> {
    const entry = find(id);
    const key = storageKey('examples', `${RENDER_VERSION}-${id}.jpg`);
    await ensure(key, async (dir) => {
      const clip = await render(entry, THUMBNAIL_CLIP_SECONDS, dir);
      const file = path.join(dir, 'thumbnail.jpg');
      await extractThumbnail(ffmpeg, clip, file, 1);
      return { file, contentType: 'image/jpeg' };
    });
    return key;
  }

  return { list, videoKey, thumbnailKey };
}

export type ExamplesService = ReturnType<typeof createExamplesService>;
