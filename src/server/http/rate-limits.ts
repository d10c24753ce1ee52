import type { FastifyRequest } from 'fastify';

/** Signed-in calls are limited per user (many users can share an IP); the rest per IP. */
const perUser = (request: FastifyRequest) => request.user?.id ?? request.ip;

/** Limits on the calls attackers hammer and the expensive ones (DESIGN §5). Exceeding one answers 429 with Retry-After. */
export const rateLimits = {
  login: { max: 10, timeWindow: '1 minute' },
  signup: { max: 10, timeWindow: '1 hour' },
  forgotPassword: { max: 5, timeWindow: '15 minutes' },
  resetPassword: { max: 10, timeWindow: '15 minutes' },
  generation: { max: 20, timeWindow: '10 minutes', keyGenerator: perUser },
  upload: { max: 30, timeWindow: '10 minutes', keyGenerator: perUser },
  ai: { max: 30, timeWindow: '10 minutes', keyGenerator: perUser },
};
