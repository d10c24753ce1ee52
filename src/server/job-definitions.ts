import type { ExamplesService } from './examples/examples-service.ts';
import { createRenderExampleJob } from './examples/render-example-job.ts';
import { createExportVideoJob } from './export/export-video-job.ts';
import { createExtendVideoJob } from './generation/extend-video-job.ts';
import { createGenerateShotJob } from './generation/generate-shot-job.ts';
import { type GenerationDeps, createGenerateVideoJob } from './generation/generate-video-job.ts';
import { createWatermarkVideoJob } from './media/watermark-video-job.ts';
import { createProcessUploadJob } from './media/process-upload-job.ts';
import type { JobDefinitions } from './jobs/job-registry.ts';
import { createRenderMusicLibraryJob } from './music/library/index.ts';
import type { TrackDefinition } from './music/library/track-definition.ts';
import { createProcessMusicUploadJob } from './music/process-music-upload-job.ts';
import type { SpeechEngines } from './providers/speech/speech-engines.ts';
import { createGenerateVoiceoverJob } from './speech/generate-voiceover-job.ts';
import { createMakeCaptionsJob } from './speech/make-captions-job.ts';
import type { SequenceSoundRenderer } from './speech/sequence-sound.ts';
import type { StartupRenders } from './render/startup-renders.ts';

/**
 * The handler of every job in the registry, built from the app's services. Handlers log through
 * their JobContext's logger, which carries the job's ids.
 */
export function createJobDefinitions(
  deps: GenerationDeps & { exportNiceness: number; examples: ExamplesService; startupRenders: StartupRenders; musicLibrary: readonly TrackDefinition[]; speech: SpeechEngines; sequenceSound: SequenceSoundRenderer },
): JobDefinitions {
  return {
    'generate-video': createGenerateVideoJob(deps),
    'export-video': createExportVideoJob(deps),
    'export-long-video': createExportVideoJob(deps),
    'extend-video': createExtendVideoJob(deps),
    'generate-shot': createGenerateShotJob(deps),
    'watermark-video': createWatermarkVideoJob(deps),
    'process-upload': createProcessUploadJob(deps),
    'process-music-upload': createProcessMusicUploadJob(deps),
    'render-music-library': createRenderMusicLibraryJob(deps, deps.musicLibrary),
    'render-example': createRenderExampleJob(deps.examples),
    'generate-voiceover': createGenerateVoiceoverJob(deps),
    'make-captions': createMakeCaptionsJob(deps),
  };
}
