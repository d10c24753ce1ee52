import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer. The CSP allows only our own scripts; styles allow 'unsafe-inline'
 * because Radix and React set inline style attributes and <style> tags (positioning, scroll locks), which
 * cannot carry nonces. Media and images may be blob:/data: URLs the editor makes itself.
 */
function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only over https: on plain http it would send same-origin requests to a port nobody serves.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Videos and images are only ever shown by our own pages.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * Helmet works out the headers; they are the same for every answer (no nonces), so it runs once and the
 * result is copied onto each reply. @fastify/helmet would build helmet's middleware anew on every
 * request, a twentieth of the CPU of reading a project (docs/decisions/005-http-hardening.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }): void {
  const headers = headersSetBy(helmet(helmetOptions(https)));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** Runs a header-setting middleware against a response that only records what it sets. */
function headersSetBy(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}
