import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';

export type Logger = FastifyBaseLogger;

/** One pino logger for the process; Fastify uses it too, so request logs and app logs share a format. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.newPassword', '*.token'],
      remove: true,
    },
  });
}
