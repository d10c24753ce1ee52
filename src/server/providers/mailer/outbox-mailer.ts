import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * The embedded default when no SMTP server is configured: each message becomes a real RFC 822 .eml
 * file in `outboxDir` (open it in any mail client) and a log line says where.
 */
export function createOutboxMailer(outboxDir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      // Written whole, then renamed: whoever watches the outbox never reads half a message.
      await fs.writeFile(`${file}.partial`, info.message as Buffer);
      await fs.rename(`${file}.partial`, file);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox (no SMTP_URL set)');
    },
  };
}
