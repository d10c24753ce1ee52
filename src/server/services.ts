import type { Config } from './config.ts';
import { type Db, createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { assertFontFilesPresent } from './render/font-files.ts';
import { type ExamplesService, createExamplesServiceFor } from './examples/examples-service.ts';
import { createJobDefinitions } from './job-definitions.ts';
import type { JobDefinitions } from './jobs/job-registry.ts';
import { type Queue, createQueue } from './jobs/index.ts';
import type { Logger } from './logger.ts';
import { createReadyNotifier } from './mail/ready-notifier.ts';
import { type Mailer, createMailer } from './providers/mailer/index.ts';
import { type Storage, createStorage } from './providers/storage/index.ts';
import type { ImageModelName } from '../shared/schemas/ai.ts';
import type { ImageModel } from './providers/image-model/image-model.ts';
import { createImageModels } from './providers/image-model/index.ts';
import { type TextModel, createTextModel } from './providers/text-model/index.ts';
import { type VideoModel, createVideoModel } from './providers/video-model/index.ts';
import { type ModelCatalog, createModelCatalog } from './providers/catalog/model-catalog.ts';
import { type FfmpegBinaries, locateFfmpeg } from './render/ffmpeg-binaries.ts';
import { renderWatermarkedRendition } from './render/watermarked-rendition.ts';
import { type StartupRenders, createStartupRenders } from './render/startup-renders.ts';
import type { WatermarkRenderer } from './media/watermarked-video.ts';
import { LIBRARY_TRACKS } from './music/library/library-tracks.ts';
import type { TrackDefinition } from './music/library/track-definition.ts';
import { DtwAligner } from './providers/speech/dtw-aligner.ts';
import { NpmSynthesizer } from './providers/speech/npm-synthesizer.ts';
import { type SpeechEngines, createSpeechEngines } from './providers/speech/speech-engines.ts';
import { type SequenceSoundRenderer, createSequenceSound } from './speech/sequence-sound.ts';
import { type PasswordHasher, scryptPasswords } from './auth/password-hash.ts';

/** Everything the API and the workers share, chosen from Config in this one place (DESIGN §4). */
export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  queue: Queue;
  videoModel: VideoModel;
  /** What extends clips: Veo's extension call where it can, else the generation model from the last frame. */
  extensionModel: VideoModel;
  /** Whether each configured model exists at its provider (the admin's Providers panel). */
  catalog: ModelCatalog;
  textModel: TextModel;
  imageModels: Record<ImageModelName, ImageModel>;
  ffmpeg: FfmpegBinaries;
  /** Renders the free plan's watermarked copy of every master a job makes. */
  renderWatermark: WatermarkRenderer;
  /** The lane the start-up renders (examples, music library) share: one at a time, at the lowest priority (decision 058). */
  startupRenders: StartupRenders;
  /** The examples' posters and clips: one per process, shared by the routes and the render-example job. */
  examples: ExamplesService;
  /** The built-in music library's definitions: what start-up renders, the list shows as preparing, the job renders. */
  musicLibrary: readonly TrackDefinition[];
  /** The voices, the aligner and the transcriber (issue 27), chosen from Config and what the machine has installed. */
  speech: SpeechEngines;
  /** Renders a project's sequence's sound to a WAV, for captions from a script or a transcription. */
  sequenceSound: SequenceSoundRenderer;
  /** Hashes and checks passwords (scrypt at the app's cost; test apps at a low one). */
  passwords: PasswordHasher;
}

export async function createServices(
  config: Config,
  logger: Logger,
  overrides: Partial<Omit<Services, 'config' | 'logger'>> = {},
): Promise<Services> {
  assertFontFilesPresent();
  const ffmpeg = overrides.ffmpeg ?? (await locateFfmpeg(config));
  const db = overrides.db ?? createDatabase(config.database);
  await migrateToLatest(db);
  const storage = overrides.storage ?? createStorage(config);
  const startupRenders = overrides.startupRenders ?? createStartupRenders(ffmpeg);
  // Without Debian's speech packages, the voice and the aligner that ship in npm (decision 043).
  const speech = overrides.speech ?? createSpeechEngines(config, ffmpeg, { logger, fallback: { synthesizer: new NpmSynthesizer(), aligner: new DtwAligner(ffmpeg) } });
  return {
    config,
    logger,
    db,
    ffmpeg,
    mailer: overrides.mailer ?? createMailer(config, logger),
    storage,
    queue: overrides.queue ?? createQueue(config, db, logger),
    videoModel: overrides.videoModel ?? createVideoModel(config, 'videoGeneration', ffmpeg, logger, speech.offlineVoice ?? undefined),
    extensionModel: overrides.extensionModel ?? overrides.videoModel ?? createVideoModel(config, 'videoExtension', ffmpeg, logger, speech.offlineVoice ?? undefined),
    catalog: overrides.catalog ?? createModelCatalog(config, logger),
    textModel: overrides.textModel ?? createTextModel(config, logger),
    imageModels: overrides.imageModels ?? createImageModels(config, ffmpeg, logger),
    startupRenders,
    examples: overrides.examples ?? createExamplesServiceFor(storage, ffmpeg, startupRenders, logger),
    renderWatermark: overrides.renderWatermark ?? renderWatermarkedRendition,
    musicLibrary: overrides.musicLibrary ?? LIBRARY_TRACKS,
    speech,
    sequenceSound: overrides.sequenceSound ?? createSequenceSound({ db, storage, ffmpeg }),
    passwords: overrides.passwords ?? scryptPasswords,
  };
}

export function jobDefinitionsFor(services: Services): JobDefinitions {
  return createJobDefinitions({
    db: services.db,
    storage: services.storage,
    videoModel: services.videoModel,
    extensionModel: services.extensionModel,
    catalog: services.catalog,
    ffmpeg: services.ffmpeg,
    examples: services.examples,
    startupRenders: services.startupRenders,
    exportNiceness: services.config.exportNiceness,
    musicLibrary: services.musicLibrary,
    renderWatermark: services.renderWatermark,
    speech: services.speech,
    sequenceSound: services.sequenceSound,
    notifyReady: createReadyNotifier(services.db, services.mailer, services.config.publicUrl),
  });
}

export async function closeServices(services: Services): Promise<void> {
  services.catalog.stop();
  await services.queue.stop();
  await services.db.destroy();
}
