import path from 'node:path';
import type { ExampleVideo } from '../../shared/examples.ts';
import { notFound } from '../http/http-error.ts';
import type { JobPayloads } from '../jobs/job-registry.ts';
import type { Logger } from '../logger.ts';
import { type Storage, storageKey } from '../providers/storage/storage.ts';
import { type OfflineVideoModel, createOfflineVideoModel } from '../providers/video-model/offline-video-model.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import type { StartupRenders } from '../render/startup-renders.ts';
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
  /**
   * Always the offline renderer (examples must not spend provider quota): at normal priority for what a visitor
   * waits for, at the start-up renders' low priority for the background job's renders.
   */
  renderers: { waitedFor: ExampleRenderer; background: ExampleRenderer };
  /** The lane the start-up renders share: the job's renders run in it, one at a time with the music library's. */
  startupRenders: Pick<StartupRenders, 'run'>;
  logger: Logger;
}

interface RenderContext {
  signal?: AbortSignal;
  logger?: Logger;
}

/** What one render job makes: every missing poster, or one clip. */
export type ExampleAsset = JobPayloads['render-example'];

/** A render under way in this process, for the keys it stores; `takeOver` aborts it when it is a background one. */
interface InFlight {
  keys: string[];
  settled: Promise<void>;
  takeOver?: AbortController;
}

/** The reason a background render is stopped: a visitor's render at normal priority does its work instead. */
const TAKEN_OVER = 'A visitor is waiting for this example: it is rendered at normal priority instead';

/**
 * The examples' posters and clips, rendered once into storage (decisions 022 and 058). At start-up a job renders
 * them in the background, posters first, in the start-up renders' lane at their low priority; a request that
 * comes before its file is stored renders it here at normal priority, waits for the same render a visitor already
 * started, or takes over the background render of it (which is stopped), so a visitor never waits on a render
 * that yields to everything else, and nothing is rendered twice at once in one process. Posters are one ffmpeg
 * run for all that are missing (about a second); clips a visitor waits for go one at a time.
 */
export function createExamplesService({ storage, renderers, startupRenders, logger }: ExamplesDeps) {
  const inFlight = new Map<string, InFlight>();
  let clipChain: Promise<unknown> = Promise.resolve();

  /** Clips visitors wait for render one after another: each is seconds of ffmpeg at normal priority that users' own work shares the CPU with. */
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

  /** Of `keys`, those that are not stored and not being rendered here (for a visitor: or only in the background). */
  async function keysToRender(keys: string[], background: boolean): Promise<string[]> {
    const unclaimed = (key: string) => {
      const current = inFlight.get(key);
      return !current || (!background && current.takeOver !== undefined);
    };
    const missing: string[] = [];
    for (const key of keys) if (unclaimed(key) && !(await storage.stat(key))) missing.push(key);
    // Checked again after the awaits above: another caller may have started some of them meanwhile.
    return missing.filter(unclaimed);
  }

  /**
   * Starts the render of `keys`: the job's in the start-up lane at low priority, a visitor's at once at normal
   * priority (clips one at a time). A background render whose every key a visitor's render now makes is stopped.
   */
  function start(
    keys: string[],
    background: boolean,
    context: RenderContext,
    render: (renderer: ExampleRenderer, signal?: AbortSignal) => Promise<void>,
    schedule: (work: () => Promise<void>) => Promise<void> = (work) => work(),
  ): void {
    const takeOver = background ? new AbortController() : undefined;
    const signal = takeOver && context.signal ? AbortSignal.any([context.signal, takeOver.signal]) : (takeOver?.signal ?? context.signal);
    const replaced = new Set(keys.flatMap((key) => inFlight.get(key) ?? []));
    const rendering = background
      ? startupRenders.run(() => render(renderers.background, signal), signal)
      : schedule(() => render(renderers.waitedFor, signal));
    const entry: InFlight = { keys, takeOver, settled: Promise.resolve() };
    entry.settled = rendering.finally(() => {
      for (const key of keys) if (inFlight.get(key) === entry) inFlight.delete(key);
    });
    entry.settled.catch(() => undefined); // waited for by renderOf; a render nobody waits for fails quietly
    for (const key of keys) inFlight.set(key, entry);
    for (const old of replaced) if (old.keys.every((key) => inFlight.get(key) !== old)) old.takeOver?.abort(new Error(TAKEN_OVER));
  }

  /** Waits for the render of `key` under way here, if any, following a visitor's render that took it over. */
  async function renderOf(key: string): Promise<void> {
    for (;;) {
      const current = inFlight.get(key);
      if (!current) return;
      try {
        return await current.settled;
      } catch (error) {
        const next = inFlight.get(key);
        if (!next || next === current) throw error;
      }
    }
  }

  /** Renders every poster not stored and not already being rendered here, in one ffmpeg run; then waits for all of them. */
  async function ensurePosters(background: boolean, context: RenderContext = {}): Promise<void> {
    const keys = await keysToRender(exampleCatalog.map((entry) => posterKey(entry.id)), background);
    const toRender = exampleCatalog.filter((entry) => keys.includes(posterKey(entry.id)));
    if (toRender.length > 0) {
      start(keys, background, context, (renderer, signal) =>
        withScratchDir('example-posters', async (dir) => {
          (context.logger ?? logger).info({ examples: toRender.map((entry) => entry.id), background }, 'rendering example posters');
          const stills = toRender.map((entry) => ({
            prompt: entry.prompt,
            aspectRatio: entry.aspectRatio,
            resolution: '720p' as const,
            atSeconds: POSTER_AT_SECONDS,
            maxSide: POSTER_MAX_SIDE,
            outputFile: path.join(dir, `${entry.id}.jpg`),
          }));
          await renderer.renderStills(stills, signal);
          for (const [index, entry] of toRender.entries()) {
            await storage.putFile(posterKey(entry.id), (stills[index] as (typeof stills)[number]).outputFile, 'image/jpeg');
          }
        }),
      );
    }
    await Promise.all(exampleCatalog.map((entry) => renderOf(posterKey(entry.id))));
  }

  /** Renders one example's clip unless it is stored, or waits for the render of it already under way here. */
  async function ensureClip(entry: ExampleEntry, background: boolean, context: RenderContext = {}): Promise<void> {
    const key = clipKey(entry.id);
    if ((await keysToRender([key], background)).length > 0) {
      const render = async (renderer: ExampleRenderer, signal?: AbortSignal) => {
        if (await storage.stat(key)) return; // stored while this waited its turn (by another process, say)
        await withScratchDir('example', async (dir) => {
          (context.logger ?? logger).info({ example: entry.id, background }, 'rendering example clip');
          const outputFile = path.join(dir, 'clip.mp4');
          await renderer.generateSegment({
            prompt: entry.prompt,
            aspectRatio: entry.aspectRatio,
            resolution: '720p',
            durationSeconds: Number.parseInt(entry.duration, 10),
            segmentIndex: 0,
            totalSegments: 1,
            outputFile,
            signal,
          });
          await storage.putFile(key, outputFile, 'video/mp4');
        });
      };
      start([key], background, context, render, oneClipAtATime);
    }
    await renderOf(key);
  }

  async function videoKey(id: number): Promise<string> {
    const entry = find(id);
    await ensureClip(entry, false);
    return clipKey(id);
  }

  async function thumbnailKey(id: number): Promise<string> {
    find(id);
    if (!(await storage.stat(posterKey(id)))) await ensurePosters(false);
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
    if (asset.kind === 'posters') return ensurePosters(true, context);
    const entry = exampleCatalog.find((example) => example.id === asset.exampleId);
    if (entry) await ensureClip(entry, true, context);
  }

  return { list, videoKey, thumbnailKey, missingAssets, render };
}

export type ExamplesService = ReturnType<typeof createExamplesService>;

/**
 * The app's examples service. The start-up job's renders run at the start-up renders' low priority, one at a
 * time with the music library's; what a visitor waits for renders at normal priority, one clip at a time: at
 * nice 10 (as exports run) a busy machine starved a visitor's clip for minutes (decisions 022 and 058).
 */
export function createExamplesServiceFor(storage: Storage, ffmpeg: FfmpegBinaries, startupRenders: StartupRenders, logger: Logger): ExamplesService {
  const renderers = { waitedFor: createOfflineVideoModel(ffmpeg), background: createOfflineVideoModel(startupRenders.ffmpeg) };
  return createExamplesService({ storage, renderers, startupRenders, logger });
}
