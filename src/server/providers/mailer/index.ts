import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type { Mailer } from './mailer.ts';

export function createMailer(config: Config, logger: Logger): Mailer {
  if (config.mail.smtpUrl) return createSmtpMailer(config.mail.smtpUrl, config.mail.from);
  return createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from, logger);
}
