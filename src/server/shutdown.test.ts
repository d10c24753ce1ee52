import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { stopWithin } from './shutdown.ts';

describe('stopWithin (the shutdown deadline)', () => {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void lines.push(line) });

  it('exits 0 once everything has stopped', async () => {
    expect(await stopWithin(60_000, async () => {}, logger)).toBe(0);
  });

  it('exits 1 when stopping fails', async () => {
    expect(await stopWithin(60_000, () => Promise.reject(new Error('database gone')), logger)).toBe(1);
  });

  it('gives up with exit code 1 when a request or job never lets go', async () => {
    expect(await stopWithin(50, () => new Promise<void>(() => {}), logger)).toBe(1);
    expect(lines.at(-1)).toContain('exiting anyway');
  });
});
