import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox-mailer.ts';

describe('outbox mailer (no SMTP_URL)', () => {
  let dir: string;
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('writes each message as an .eml file with text and HTML parts, and logs where', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createOutboxMailer(path.join(dir, 'outbox'), 'PromptReel <no-reply@x.test>', logger);

    await mailer.send({ to: 'maya@example.com', subject: 'Hello', text: 'Plain body', html: '<p>HTML body</p>' });

    const files = await fs.readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(await fs.readFile(path.join(dir, 'outbox', files[0]!)));
    expect(mail.subject).toBe('Hello');
    expect(mail.text?.trim()).toBe('Plain body');
    expect(mail.html).toContain('<p>HTML body</p>');
    expect(lines.join('')).toContain(files[0]);
  });
});
