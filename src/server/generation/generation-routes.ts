import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generationInfoSchema } from '../../shared/schemas/project.ts';
import { OFFLINE_NOTICE } from '../providers/video-model/index.ts';
import type { VideoModel } from '../providers/video-model/video-model.ts';

/** Tells the UI which engine makes clips, so offline renders are never mistaken for Veo's. */
export const generationRoutes: FastifyPluginAsyncZod<{ videoModel: VideoModel }> = async (app, { videoModel }) => {
  app.get('/api/generation-info', { schema: { response: { 200: generationInfoSchema } } }, async () => ({
    videoEngine: videoModel.kind,
    notice: videoModel.kind === 'offline' ? OFFLINE_NOTICE : null,
  }));
};
