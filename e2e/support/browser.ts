import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';

export const artifactsDir = path.resolve(import.meta.dirname, '../../test-results');

/**
 * A connection to the suite's one Chromium (launched in global-setup.ts): starting one per file cost seconds
 * each. Closing the connection closes the contexts made through it.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** Content-Security-Policy violations any page reported since the last `takeCspViolations()`. */
const cspViolations: string[] = [];

export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  // Chromium reports a blocked script, style, image or media load on the console.
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

/**
 * Keeps a full-page screenshot as a test artefact in test-results/ when `E2E_SCREENSHOTS=1` (to look the screens
 * over after a layout change). They assert nothing, and sixty of them cost the suite about 15 s of Chromium, so a
 * plain run takes none; the checks beside them (no sideways scroll, axe) run either way.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}
