import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What an upload's progress block shows at one moment: its words, its bar's ARIA values and how far the bar is drawn. */
export interface ProgressView {
  phase: string | null;
  text: string;
  /** The percentage the words print, or null when they print none. */
  printed: number | null;
  valueNow: number | null;
  /** Radix's data-state: loading, complete or indeterminate. */
  state: string | null;
  /** How much of the track the bar covers on screen, in percent (transforms and transitions included). */
  drawn: number;
  /** Whether the bar is animated (an indeterminate bar sweeps, or pulses for reduced motion). */
  moving: boolean;
}

/** Reads the block in the page (a function the page runs, so the recorder below can run it too). */
function readProgress(): ProgressView | null {
  const block = document.querySelector<HTMLElement>('[data-testid="upload-progress"]');
  const bar = block?.querySelector<HTMLElement>('[role="progressbar"]');
  const indicator = bar?.querySelector<HTMLElement>('[data-slot="progress-indicator"]');
  if (!block || !bar || !indicator) return null;
  const track = bar.getBoundingClientRect();
  const fill = indicator.getBoundingClientRect();
  const text = block.innerText.replace(/\s+/g, ' ').trim();
  const printed = /(\d+)\s*%/.exec(text)?.[1];
  const valueNow = bar.getAttribute('aria-valuenow');
  return {
    phase: block.dataset.phase ?? null,
    text,
    printed: printed === undefined ? null : Number(printed),
    valueNow: valueNow === null ? null : Number(valueNow),
    state: bar.dataset.state ?? null,
    drawn: Math.round(((Math.min(fill.right, track.right) - track.left) / track.width) * 100),
    moving: indicator.getAnimations().some((animation) => animation.playState === 'running'),
  };
}

export function progressView(page: Page): Promise<ProgressView | null> {
  return page.evaluate(readProgress);
}

/** Waits until the block shows the upload part way (above 0 %, below 100 %), checks its words, and answers it. */
export async function uploadingPartWay(page: Page): Promise<ProgressView> {
  await expect.poll(async () => {
    const view = await progressView(page);
    return view?.phase === 'uploading' && view.printed !== null && view.printed > 0 && view.printed < 100;
  }).toBe(true);
  const view = await progressView(page);
  expect(view?.text).toMatch(/^Uploading… \d+%$/);
  return view!;
}

/**
 * From now on, records what the block shows on the frame after every change to the page, so a test can check
 * every state the user saw, not only those it happened to poll.
 */
export async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const read = ${readProgress.toString()};
    const seen = (window.__progressSeen = []);
    // Read at the change itself as well as on the next frame: a busy machine may draw no frame before the next change.
    const record = () => { const view = read(); if (view) seen.push(view); };
    new MutationObserver(() => { record(); requestAnimationFrame(record); })
      .observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
}

export function recordedProgress(page: Page): Promise<ProgressView[]> {
  return page.evaluate(() => (window as unknown as { __progressSeen: ProgressView[] }).__progressSeen);
}

/** The agreement the user relies on: the printed number is the bar's value and the bar is drawn that far; no number means no value. */
export function expectAgreement(view: ProgressView): void {
  if (view.printed === null) {
    expect(view, view.text).toMatchObject({ valueNow: null, state: 'indeterminate', moving: true });
    return;
  }
  expect(view.valueNow, view.text).toBe(view.printed);
  expect(view.moving, `${view.text}: a measured bar stands still`).toBe(false);
  expect(Math.abs(view.drawn - view.printed), `${view.text}: bar drawn to ${String(view.drawn)} %`).toBeLessThanOrEqual(1);
}

/** Slows the page's uploads to `bytesPerSecond` (downloads are left alone); answers the function that lifts the limit. */
export async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const limit = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
  await limit(bytesPerSecond);
  return async () => {
    await limit(-1);
    await cdp.detach();
  };
}

/** A promise and the function that resolves it. */
export function gate(): { open: () => void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
