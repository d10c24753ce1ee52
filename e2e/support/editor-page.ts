import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The editor's player. */
export function video(page: Page): Locator {
  return page.getByLabel('Video preview');
}

/** The text overlays' hit boxes: the canvas under them draws the text, their names carry it ("Text overlay: …"). */
export function textOverlays(page: Page): Locator {
  return page.getByRole('button', { name: /^Text overlay:/ });
}

/**
 * Opens a project's editor (or another route that plays it) and waits until the player has the clip's
 * metadata, or a decoded frame with `readyState: 2`.
 */
export async function openEditor(page: Page, id: string, options: { route?: string; readyState?: 1 | 2 } = {}): Promise<void> {
  await page.goto(`/${options.route ?? 'editor'}/${id}`);
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThanOrEqual(options.readyState ?? 1);
}
