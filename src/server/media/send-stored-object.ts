import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/http-error.ts';
import type { Storage, StoredObject } from '../providers/storage/storage.ts';
import { parseByteRange } from './byte-range.ts';

/** Streams a stored object with HTTP Range support (206/416), so browsers can seek in videos. */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  /**
   * cache: a Cache-Control for public content; without it the answer keeps /api's no-store.
   * known: the object's stat when the caller has just read it, so it is not read twice.
   */
  options: { cache?: string; downloadName?: string; known?: StoredObject } = {},
) {
  const object = options.known ?? (await storage.stat(key));
  if (!object) throw notFound('The file is missing');
  const range = parseByteRange(request.headers.range, object.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${object.size}`).send({ message: 'Requested range is not satisfiable' });
  }
  reply.header('Accept-Ranges', 'bytes').header('Content-Type', object.contentType).header('X-Content-Type-Options', 'nosniff');
  if (options.cache) reply.header('Cache-Control', options.cache);
  if (options.downloadName) {
    reply.header('Content-Disposition', `attachment; filename="${options.downloadName.replace(/[^\w.-]+/g, '_')}"`);
  }
  if (!range) {
    reply.header('Content-Length', object.size);
    return reply.send(await storage.read(key));
  }
  reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`)
    .header('Content-Length', range.end - range.start + 1);
  return reply.send(await storage.read(key, range));
}
