import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newPage, uniqueName } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('toasts (SPEC §9)', () => {
  it('shows one at a time, closes after 5 s, and F8 moves focus to them', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/auth');
    await page.getByLabel('Username').fill(uniqueName('ghost'));
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await signIn.click();
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    await signIn.click();
    await expect.poll(() => page.getByText('Login failed').count()).toBe(1);

    const region = page.getByRole('region', { name: /F8/ });
    await page.keyboard.press('F8');
    await expect.poll(() => region.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.mouse.click(5, 5); // focus and pointer away, so the timer runs
    await expect.poll(() => page.getByText('Login failed').count(), { interval: 250 }).toBe(0);
    await context.close();
  });
});

describe('what an operator sees', () => {
  it('the server said which ffmpeg it uses and keeps its database in DATA_DIR', () => {
    const log = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8');
    expect(log).toMatch(/Using ffmpeg \S+ \((system|npm|config)\): \//);
    expect(log).toContain(`PromptReel is ready at ${baseUrl}`);
    expect(fs.existsSync(path.join(dataDir, 'promptreel.sqlite'))).toBe(true);
  });
});
