import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

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
  // Checks the password, so it is bounded like login, per account: a stolen session cannot guess with it.
  changeEmail: limit(10, '15 minutes', perUser),
  generation: limit(20, '10 minutes', perUser),
  upload: limit(30, '10 minutes', perUser),
  ai: limit(30, '10 minutes', perUser),
};

interface RateLimitOptions {
  scale: number;
  /** With Redis the counters are shared, so a limit holds across every API process. */
  redisUrl?: string;
  /** Namespaces the counters' Redis keys (tests use a fresh one per app). */
  redisNamespace?: string;
}

/** Registers the limiter; routes opt in with `config: { rateLimit: rateLimits.x }`. */
export async function registerRateLimits(app: FastifyInstance, { scale, redisUrl, redisNamespace }: RateLimitOptions): Promise<void> {
  app.decorate('rateLimitScale', scale);
  const redis = redisUrl
    ? new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unreachable'));
    await redis.connect().catch(() => {});
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: redisNamespace ?? 'promptreel:rate-limit:' } : {}),
    // An unreachable Redis must not lock every user out; /readyz reports it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${context.after}.`,
    }),
  });
}
