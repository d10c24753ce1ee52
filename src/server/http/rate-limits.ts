import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Multiplies every limit below (RATE_LIMIT_SCALE): 1 in production, higher for load and e2e runs. */
    rateLimitScale: number;
  }
}

/** Signed-in calls are limited per user (many users can share an IP); the rest per IP. */
const perUser = (request: FastifyRequest) => request.user?.id ?? request.ip;

function limit(max: number, timeWindow: string, keyGenerator?: (request: FastifyRequest) => string) {
  return {
    max: (request: FastifyRequest) => max * request.server.rateLimitScale,
    timeWindow,
    ...(keyGenerator ? { keyGenerator } : {}),
  };
}

/** Limits on the calls attackers hammer and the expensive ones (DESIGN §5). Exceeding one answers 429 with Retry-After. */
export const rateLimits = {
  login: limit(10, '1 minute'),
  signup: limit(10, '1 hour'),
  forgotPassword: limit(5, '15 minutes'),
  resetPassword: limit(10, '15 minutes'),
  generation: limit(20, '10 minutes', perUser),
  upload: limit(30, '10 minutes', perUser),
  ai: limit(30, '10 minutes', perUser),
};
