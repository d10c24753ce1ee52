import path from 'node:path';
import type { ExampleVideo } from '../../shared/examples.ts';
import { notFound } from '../http/http-error.ts';
import type { JobPayloads } from '../jobs/job-registry.ts';
import type { Logger } from '../logger.ts';
import { type Storage, storageKey } from '../providers/storage/storage.ts';
import { type OfflineVideoModel, createOfflineVideoModel } from '../providers/video-model/offline-video-model.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { exampleCatalog } from './examples-catalog.ts';

/**
 * Part of every stored file's name and every render job's id: bump it when the renderer's look changes, so the
 * examples are rendered again (v2: a small corner label instead of the prompt burnt in as a caption).
 */
export const RENDER_VERSION = 'v2';
/** The poster is the clip's frame at this time: past the fade-in, so it is what the clip shows. */
const POSTER_AT_SECONDS = 1;
/** Long side of a poster in pixels: sharp in a card on a 2x screen, and about 10 KB. */
const POSTER_MAX_SIDE = 640;

type ExampleEntry = (typeof exampleCatalog)[number];

/** What the offline engine does for the examples: whole clips, and posters without encoding a clip. */
type ExampleRenderer = Pick<OfflineVideoModel, 'generateSegment' | 'renderStills'>;

interface ExamplesDeps {
  storage: Storage;
  /** Always the offline renderer: examples must not spend provider quota. */
  renderer: ExampleRenderer;
  logger: Logger;
}

interface RenderContext {
  signal?: AbortSignal;
  logger?: Logger;
}

/** What one render job makes: every missing poster, or one clip. */
export type ExampleAsset = JobPayloads['render-example'];

/**
 * The examples' posters and clips, rendered once into storage (decision 022). At start-up a job renders them
 * in the background, posters first; a request that comes before its file is stored renders it here, or waits
 * for the render already under way in this process, so nothing is rendered twice at once in one process.
 * Posters are one ffmpeg run for all that are missing (about a second); clips go one at a time.
 */
export function createExamplesService({ storage, renderer, logger }: ExamplesDeps) {
  const inFlight = new Map<string, Promise<void>>();
  let clipChain: Promise<unknown> = Promise.resolve();

  /** Clips render one after another, whoever asks: each is seconds of ffmpeg that users' own work shares the CPU with. */
  const oneClipAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = clipChain.then(work, work);
    clipChain = next.catch(() => undefined);
    return next;
  };

  function list(): ExampleVideo[] {
    return exampleCatalog.map((entry) => ({
      ...entry,
      videoUrl: `/api/examples/${entry.id}/video`,
      thumbnail: `/api/examples/${entry.id}/thumbnail`,
    }));
  }

  function find(id: number): ExampleEntry {
    const entry = exampleCatalog.find((example) => example.id === id);
    if (!entry) throw notFound('No such example');
    return entry;
  }

  const posterKey = (id: number) => storageKey('examples', `${RENDER_VERSION}-${id}.jpg`);
  const clipKey = (id: number) => storageKey('examples', `${RENDER_VERSION}-${id}.mp4`);

  /** Registers one render for several keys: anyone asking for one of them meanwhile waits for it. */
  function track(keys: string[], render: Promise<void>): Promise<void> {
    const settled = render.finally(() => {
      for (const key of keys) if (inFlight.get(key) === settled) inFlight.delete(key);
    });
    for (const key of keys) inFlight.set(key, settled);
    return settled;
  }

  /** Renders every poster not stored and not already being rendered here, in one ffmpeg run; then waits for all of them. */
  async function ensurePosters(context: RenderContext = {}): Promise<void> {
    const missing: ExampleEntry[] = [];
    for (const entry of exampleCatalog) {
      if (!inFlight.has(posterKey(entry.id)) && !(await storage.stat(posterKey(entry.id)))) missing.push(entry);
    }
    // Checked again after the awaits above: another caller may have started some of them meanwhile.
    const toRender = missing.filter((entry) => !inFlight.has(posterKey(entry.id)));
    if (toRender.length > 0) {
      const render = withScratchDir('example-posters', async (dir) => {
        (context.logger ?? logger).info({ examples: toRender.map((entry) => entry.id) }, 'rendering example posters');
        const stills = toRender.map((entry) => ({
          prompt: entry.prompt,
          aspectRatio: entry.aspectRatio,
          resolution: '720p' as const,
          atSeconds: POSTER_AT_SECONDS,
          maxSide: POSTER_MAX_SIDE,
          outputFile: path.join(dir, `${entry.id}.jpg`),
        }));
        await renderer.renderStills(stills, context.signal);
        for (const [index, entry] of toRender.entries()) {
          await storage.putFile(posterKey(entry.id), (stills[index] as (typeof stills)[number]).outputFile, 'image/jpeg');
        }
      });
      void track(toRender.map((entry) => posterKey(entry.id)), render).catch(() => undefined);
    }
    await Promise.all(exampleCatalog.map((entry) => inFlight.get(posterKey(entry.id))));
  }

  /** Renders one example's clip unless it is stored, or waits for the render of it already under way here. */
  async function ensureClip(entry: ExampleEntry, context: RenderContext = {}): Promise<void> {
    const key = clipKey(entry.id);
    const pending = inFlight.get(key);
    if (pending) return pending;
    if (await storage.stat(key)) return;
    if (inFlight.has(key)) return inFlight.get(key);
    const render = oneClipAtATime(async () => {
      if (await storage.stat(key)) return; // stored while this waited its turn (by another process, say)
      await withScratchDir('example', async (dir) => {
        (context.logger ?? logger).info({ example: entry.id }, 'rendering example clip');
        const outputFile = path.join(dir, 'clip.mp4');
        await renderer.generateSegment({
          prompt: entry.prompt,
          aspectRatio: entry.aspectRatio,
          resolution: '720p',
          durationSeconds: Number.parseInt(entry.duration, 10),
          segmentIndex: 0,
          totalSegments: 1,
          outputFile,
          signal: context.signal,
        });
        await storage.putFile(key, outputFile, 'video/mp4');
      });
    });
    return track([key], render);
  }

  async function videoKey(id: number): Promise<string> {
    const entry = find(id);
    await ensureClip(entry);
    return clipKey(id);
  }

  async function thumbnailKey(id: number): Promise<string> {
    find(id);
    if (!(await storage.stat(posterKey(id)))) await ensurePosters();
    return posterKey(id);
  }

  /** What is not stored yet, posters first: what the start-up queues a render for. */
  async function missingAssets(): Promise<ExampleAsset[]> {
    const missing: ExampleAsset[] = [];
    for (const entry of exampleCatalog) {
      if (!(await storage.stat(posterKey(entry.id)))) {
        missing.push({ kind: 'posters' });
        break;
      }
    }
    for (const entry of exampleCatalog) {
      if (!(await storage.stat(clipKey(entry.id)))) missing.push({ kind: 'video', exampleId: entry.id });
    }
    return missing;
  }

  /** One render job's work (render-example-job.ts); an example no longer in the catalog is nothing to do. */
  async function render(asset: ExampleAsset, context: RenderContext): Promise<void> {
    if (asset.kind === 'posters') return ensurePosters(context);
    const entry = exampleCatalog.find((example) => example.id === asset.exampleId);
    if (entry) await ensureClip(entry, context);
  }

  return { list, videoKey, thumbnailKey, missingAssets, render };
}

export type ExamplesService = ReturnType<typeof createExamplesService>;

/**
 * The app's examples service. Clips render at normal priority, one at a time: a visitor may be waiting for the
 * one under way, and at nice 10 (as exports run) a busy machine starved it for minutes (decision 022).
 */
export function createExamplesServiceFor(storage: Storage, ffmpeg: FfmpegBinaries, logger: Logger): ExamplesService {
  return createExamplesService({ storage, renderer: createOfflineVideoModel(ffmpeg), logger });
}
