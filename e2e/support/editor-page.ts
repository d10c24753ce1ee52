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

/** The video of the shot the player shows (the one on top during a transition). */
export function shownVideo(page: Page): Locator {
  return page.getByTestId('editor-frame').locator('video[data-role="shown"]');
}

/**
 * Puts the playhead on output second `seconds` the way a user types a time (the time field under the player),
 * and waits until every video on screen has sought to the frame the player asked of it.
 */
export async function goToTime(page: Page, seconds: number): Promise<void> {
  await page.getByTestId('current-time').click();
  const field = page.getByRole('textbox', { name: 'Go to time' });
  await field.fill(seconds.toFixed(3));
  await field.press('Enter');
  await expect.poll(() => videosSettled(page, seconds)).toBe(true);
}

function videosSettled(page: Page, seconds: number): Promise<boolean> {
  return page.getByTestId('editor-frame').evaluate((frame, at) => {
    const live = [...frame.querySelectorAll('video')].filter((video) => video.dataset.role === 'shown' || video.dataset.role === 'outgoing');
    return (
      live.length > 0 &&
      live.every(
        (video) =>
          video.dataset.outputTime === at &&
          !video.seeking &&
          video.readyState >= 2 &&
          Math.abs(video.currentTime - Number(video.dataset.sourceTime)) < 1 / 48,
      )
    );
  }, seconds.toFixed(3));
}

/**
 * Puts the playhead on output second `seconds` and waits until each video on screen has handed that very frame to
 * the compositor (requestVideoFrameCallback reports it) and every font can be drawn. A seek to a frame already
 * shown presents none, so when the player stands within a tenth of a second of `seconds` the playhead first goes to
 * `away` (by default a tenth of a second earlier, or later at the start); a caller that passes `away` always goes
 * there first: pass one inside the same shot, or transition, as `seconds` where that one is not.
 */
export async function showFrameAt(page: Page, seconds: number, away?: number): Promise<void> {
  const shownAt = await page
    .getByTestId('editor-frame')
    .evaluate((frame) => frame.querySelector<HTMLVideoElement>('video[data-role="shown"]')?.dataset.outputTime ?? null);
  if (away !== undefined || shownAt === null || Math.abs(Number(shownAt) - seconds) < 0.1) {
    await goToTime(page, away ?? (seconds >= 0.2 ? seconds - 0.1 : seconds + 0.1));
  }
  await page.getByTestId('editor-frame').evaluate((frame) => {
    const presented = new Map<HTMLVideoElement, string>();
    const watch = (video: HTMLVideoElement) => {
      const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
        // Half a frame at 24 fps: the callback for the frame asked for, not for one shown before it.
        if (Math.abs(metadata.mediaTime - Number(video.dataset.sourceTime)) < 1 / 48) presented.set(video, video.dataset.outputTime ?? '');
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    };
    frame.querySelectorAll('video').forEach(watch);
    new MutationObserver((changes) => {
      for (const change of changes) change.addedNodes.forEach((node) => node instanceof HTMLVideoElement && watch(node));
    }).observe(frame, { childList: true, subtree: true });
    (window as unknown as { presentedFrames: Map<HTMLVideoElement, string> }).presentedFrames = presented;
  });
  await goToTime(page, seconds);
  await expect
    .poll(
      () =>
        page.getByTestId('editor-frame').evaluate((frame, at) => {
          const { presentedFrames } = window as unknown as { presentedFrames: Map<HTMLVideoElement, string> };
          const live = [...frame.querySelectorAll('video')].filter((video) => video.dataset.role === 'shown' || video.dataset.role === 'outgoing');
          return live.every((video) => presentedFrames.get(video) === at);
        }, seconds.toFixed(3)),
      { timeout: 30_000, message: `the frame at ${String(seconds)} s was not presented` },
    )
    .toBe(true);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}
