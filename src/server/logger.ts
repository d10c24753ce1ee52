import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';

export type Logger = FastifyBaseLogger;

/**
 * One pino logger for the process; Fastify uses it too, so request logs and app logs share a format.
 * Credentials are removed wherever they would appear; `destination` defaults to stdout.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.newPassword', '*.token'],
      remove: true,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
