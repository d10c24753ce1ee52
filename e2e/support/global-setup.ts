import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the built server on a free port with its own DATA_DIR, the way an operator would. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js')) || !fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    throw new Error('The app is not built: run `npm run build` before `npm run test:e2e`.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-'));
  const port = 4000 + Math.floor(Math.random() * 2000);
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = fs.createWriteStream(path.join(dataDir, 'server.log'));
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    // Every e2e file signs up users from 127.0.0.1 against this one server. No Stripe: the pricing page shows PRO_PRICE.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, RATE_LIMIT_SCALE: '100', PRO_PRICE: '9.99 USD/month' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitForServer(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForServer(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/auth/me`);
      if (response.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start within 30 s');
}
