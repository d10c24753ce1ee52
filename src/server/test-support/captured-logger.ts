import { Writable } from 'node:stream';
import pino from 'pino';

export type LogLine = Record<string, unknown> & { msg: string };

/** A real pino logger whose JSON lines are kept for the test to read. */
export function capturedLogger() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}
