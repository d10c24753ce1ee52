import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportJobResponseSchema, exportSettingsSchema, startExportResponseSchema } from '../../shared/schemas/export.ts';
import { requireUser, signedInOnly } from '../auth/request-user.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/http-error.ts';
import { rateLimits } from '../http/rate-limits.ts';
import { sendStoredObject } from '../media/send-stored-object.ts';
import { findProject } from '../projects/projects-repository.ts';
import { projectParamsSchema } from '../projects/projects-routes.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { CAPTION_CONTENT_TYPES, type CaptionFileFormat, captionFile, titleSlug } from './caption-files-service.ts';
import { type ExportService, toExportJobResponse } from './export-service.ts';

const jobParams = z.object({ jobId: z.string().min(1).max(64) });

export const exportRoutes: FastifyPluginAsyncZod<{ exports: ExportService; db: Db; storage: Storage }> = async (
  app,
  { exports, db, storage },
) => {
  app.addHook('preValidation', signedInOnly);

  app.post(
    '/api/projects/:id/export',
    {
      config: { rateLimit: rateLimits.generation },
      schema: { params: projectParamsSchema, body: exportSettingsSchema, response: { 200: startExportResponseSchema } },
    },
    async (request) => exports.start(requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/export-jobs/:jobId',
    { schema: { params: jobParams, response: { 200: exportJobResponseSchema } } },
    async (request) => toExportJobResponse(await exports.get(requireUser(request), request.params.jobId)),
  );

  app.post(
    '/api/export-jobs/:jobId/cancel',
    { schema: { params: jobParams, response: { 200: exportJobResponseSchema } } },
    async (request) => toExportJobResponse(await exports.cancel(requireUser(request), request.params.jobId)),
  );

  app.get('/api/export-jobs/:jobId/download', { schema: { params: jobParams } }, async (request, reply) => {
    const job = await exports.get(requireUser(request), request.params.jobId);
    if (!job.outputKey) throw notFound('The export is not finished yet');
    const project = await findProject(db, job.projectId);
    const settings = JSON.parse(job.settings) as { resolution: string; format: string };
    const name = `${titleSlug(project?.title ?? 'video')}-${settings.resolution}.${settings.format}`;
    return sendStoredObject(request, reply, storage, job.outputKey, { cache: 'private, no-store', downloadName: name });
  });

  // The saved edit's captions as subtitle files (issue 27), for platforms that take captions beside the video.
  for (const format of ['srt', 'vtt'] as const satisfies CaptionFileFormat[]) {
    app.get(`/api/projects/:id/captions.${format}`, { schema: { params: projectParamsSchema } }, async (request, reply) => {
      const file = await captionFile(db, request.log, requireUser(request).id, request.params.id, format);
      return reply
        .header('content-type', CAPTION_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    });
  }
};
