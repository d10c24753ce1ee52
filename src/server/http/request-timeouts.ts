import type { ServerOptions } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is a large upload: it must keep a minimum rate instead of arriving within the request timeout. */
    uploadBody?: boolean;
  }
}

const TOO_SLOW_MESSAGE = 'The request took too long to arrive. Please try again.';

/**
 * Node's own limits: headers within the request timeout, a whole request (an upload included) within the
 * upload timeout; past either Node answers 408 and closes. Idle keep-alive connections close after
 * Fastify's default 72 s, longer than load balancers keep theirs.
 */
export function serverTimeouts({ requestMs, uploadMs }: Config['timeouts']): { http: ServerOptions; requestTimeout: number } {
  return { http: { headersTimeout: Math.min(requestMs, uploadMs), requestTimeout: uploadMs }, requestTimeout: uploadMs };
}

/**
 * A body that trickles in holds a connection and its parser for as long as the client likes. Every
 * request timeout period, a body must have arrived in full, or (an upload) have grown by the minimum
 * rate; otherwise its reader fails with 408 and the connection closes.
 */
export function registerBodyTimeouts(app: FastifyInstance, { requestMs, uploadMinBytesPerSecond }: Config['timeouts']): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!hasBody(request)) return done(null, payload);
    const minBytesPerPeriod = request.routeOptions.config.uploadBody ? (uploadMinBytesPerSecond * requestMs) / 1000 : Infinity;
    done(null, pacedBody(payload, reply, requestMs, minBytesPerPeriod));
  });
}

function hasBody(request: FastifyRequest): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

function pacedBody(source: Readable, reply: FastifyReply, periodMs: number, minBytesPerPeriod: number): Readable {
  let received = 0;
  let receivedAtCheck = 0;
  const paced = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback(null, chunk);
    },
  });
  const timer = setInterval(() => {
    // Judged after this turn has read what the socket already holds, so a busy process does not blame its client.
    setImmediate(() => {
      if (paced.writableEnded || paced.destroyed) return;
      if (received - receivedAtCheck >= minBytesPerPeriod) {
        receivedAtCheck = received;
        return;
      }
      clearInterval(timer);
      source.unpipe(paced);
      reply.header('Connection', 'close');
      paced.destroy(new HttpError(408, TOO_SLOW_MESSAGE));
    });
  }, periodMs);
  const stop = () => clearInterval(timer);
  paced.once('finish', stop).once('close', stop);
  source.once('end', stop);
  // The body of a request refused before it is read (401, 415) has no reader to hear this error.
  paced.on('error', () => undefined);
  return source.pipe(paced);
}
