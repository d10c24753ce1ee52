import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { seedBuiltInMedia } from './built-in-media.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The one Chromium every file connects to (browser.ts), each test in contexts of its own. */
    browserEndpoint: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts the built server on a free port with its own DATA_DIR, seeded with stand-ins for the built-in media
 * instead of rendering them (built-in-media.ts), and one Chromium for every file.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js')) || !fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    throw new Error('The app is not built: run `npm run build` before `npm run test:e2e`.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-'));
  // Every e2e file signs up users from 127.0.0.1 against this one server. No Stripe: the pricing page shows PRO_PRICE.
  const server = await startServer(dataDir, { RATE_LIMIT_SCALE: '100', PRO_PRICE: '9.99 USD/month', STARTUP_RENDERS: 'off' });
  await seedBuiltInMedia(dataDir);
  const browser = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
    // The server's log outlives the run, beside the other artefacts: what a failed or slow test asked of it.
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    fs.copyFileSync(path.join(dataDir, 'server.log'), path.join(root, 'test-results/e2e-server.log'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
