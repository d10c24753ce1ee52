import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineProcessError, runEngineProcess } from './engine-process.ts';

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'engine-process-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** An engine module (plain JS) whose body is `source`, run with `data` under a 256 MB cap. */
async function runSource(name: string, source: string, data: object = {}): Promise<unknown> {
  const file = path.join(dir, `${name}.mjs`);
  await fs.writeFile(file, source);
  return runEngineProcess(pathToFileURL(file), data, { memoryBytes: 256 * 1024 * 1024 });
}

describe('runEngineProcess', () => {
  it('answers with what the engine sends back', async () => {
    const echo = `process.once('message', (data) => process.send({ twice: data.n * 2 }, () => process.disconnect()));`;
    await expect(runSource('echo', echo, { n: 21 })).resolves.toEqual({ twice: 42 });
  });

  it('turns an engine that aborts its process into a rejection, and this process carries on', async () => {
    const failure = await runSource('aborts', `process.once('message', () => process.abort());`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineProcessError);
    expect(failure).toMatchObject({ exitSignal: 'SIGABRT', message: expect.stringContaining('was ended by SIGABRT') as string });
  });

  it('stops an engine at its memory cap, and says why for the log', async () => {
    // The cap counts memory mapped, touched or not: no need to fill it.
    const hungry = `const kept = []; process.once('message', () => { for (;;) kept.push(Buffer.allocUnsafeSlow(16 * 1024 * 1024)); });`;
    await expect(runSource('hungry', hungry)).rejects.toThrow(/allocation failed/i);
  });

  it('says why an engine that threw ended, from its stderr', async () => {
    const throws = `process.once('message', () => { throw new Error('Flite exited with code 1'); });`;
    await expect(runSource('throws', throws)).rejects.toMatchObject({ exitCode: 1, message: expect.stringContaining('Error: Flite exited with code 1') as string });
  });
});
