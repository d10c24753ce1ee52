import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, newPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** WCAG relative luminance of an oklch() colour (sRGB, clipped into gamut). */
function luminance(l: number, c: number, hue: number): number {
  const a = c * Math.cos((hue * Math.PI) / 180);
  const b = c * Math.sin((hue * Math.PI) / 180);
  const [L = 0, M = 0, S = 0] = [l + 0.3963377774 * a + 0.2158037573 * b, l - 0.1055613458 * a - 0.0638541728 * b, l - 0.0894841775 * a - 1.291485548 * b].map((v) => v ** 3);
  const [r = 0, g = 0, bl = 0] = [
    4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S,
    -1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S,
    -0.0041960863 * L - 0.7034186147 * M + 1.707614701 * S,
  ].map((v) => Math.min(1, Math.max(0, v)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
}

describe('contrast', () => {
  it('white text on a brand or default button (Get Started, Export …) contrasts at least 4.5:1 at every stop of its gradient', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/');
    const button = page.getByRole('link', { name: 'Get Started' }).first();
    const style = await button.evaluate((el) => ({ image: getComputedStyle(el).backgroundImage, color: getComputedStyle(el).color }));
    expect(style.color).toBe('rgb(255, 255, 255)');
    const stops = [...style.image.matchAll(/oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)/g)].map((match) => match.slice(1).map(Number));
    expect(stops, style.image).toHaveLength(3);
    for (const [l = 0, c = 0, h = 0] of stops) {
      expect(1.05 / (luminance(l, c, h) + 0.05), `oklch(${l} ${c} ${h})`).toBeGreaterThanOrEqual(4.5);
    }
    // A default button (the editor's Export) is filled with the strong primary colour.
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary-strong'));
    const [l = 0, c = 0, h = 0] = (/oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)/.exec(primary) ?? []).slice(1).map(Number);
    expect(1.05 / (luminance(l, c, h) + 0.05), primary).toBeGreaterThanOrEqual(4.5);
    // The old gradient's lightest stop measured 3.4:1: the check can fail.
    expect(1.05 / (luminance(0.667, 0.295, 322) + 0.05)).toBeLessThan(4.5);
    await context.close();
  });
});
