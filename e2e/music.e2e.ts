import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { connectBrowser, keepScreenshot, newPage } from './support/browser.ts';
import { openEditor } from './support/editor-page.ts';
import { ffprobe, integratedLufs, makeShortClip, makeSilentMp3, makeToneMp3, toneLevelDb } from './support/media.ts';
import { signUp, uploadReadyProject } from './support/studio.ts';
import { expectAgreement, gate, progressView, recordedProgress, recordProgress, throttleUploads, uploadingPartWay } from './support/upload-progress.ts';

const baseUrl = inject('baseUrl');

/** The clip's own tone (makeShortClip) and the uploaded music's: apart, so each is measured on its own. */
const CLIP_HZ = 440;
const MUSIC_HZ = 200;

/**
 * 'closed' once the dialog is gone, else what it says. One read that does not wait: a count and then `innerText()`
 * met a dialog that closed between the two, and `innerText()` waited its 30 s for it to come back (the ~31 s stalls
 * of earlier runs).
 */
async function closedOrWhatItSays(dialog: Locator): Promise<string> {
  const texts = await dialog.allInnerTexts();
  return texts.length === 0 ? 'closed' : texts.join('\n');
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let workDir: string;
let projectId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-music-'));
  ({ context, page } = await newPage(browser, baseUrl));
  await signUp(page.request, 'music');
  projectId = await uploadReadyProject(page.request, makeShortClip(workDir), 'Music test');
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('music under the clip', () => {
  it('lists the built-in library by genre', async () => {
    // A start renders the library in the background (the e2e server is seeded with it): wait until it is stored.
    await expect
      .poll(async () => ((await (await page.request.get('/api/music-tracks')).json()) as { tracks: unknown[] }).tracks.length, { timeout: 180_000, interval: 1000 })
      .toBeGreaterThanOrEqual(6);
    await openEditor(page, projectId);
    const tracks = page.getByRole('list', { name: 'Music tracks' });
    await expect.poll(() => tracks.getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
    await page.getByRole('radiogroup', { name: 'Genre' }).getByRole('radio', { name: 'Chill' }).click();
    await expect.poll(() => tracks.getByRole('listitem').count()).toBe(1);
    await keepScreenshot(page, 'music-library-1440');
  }, 240_000);

  it('uploads a track in two steps: a percentage the bar agrees with, then processing without a stale number', async () => {
    await openEditor(page, projectId);
    await page.getByRole('button', { name: 'Upload your own' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload your own music' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'upload music');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => dialog.getByText('Choose an audio file to upload').isVisible()).toBe(true);
    await expectAccessible(page, 'upload music with errors');
    // About 160 KB, sent at 32 KB/s.
    await dialog.getByLabel('Audio file').setInputFiles(makeToneMp3(workDir, 330, 10, 'slow-tone.mp3'));
    await recordProgress(page);
    const lift = await throttleUploads(context, page, 32 * 1024);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    expectAgreement(await uploadingPartWay(page));

    // The processing step is held (complete-upload, after which the server's job runs) until the dialog has been read.
    const normalised = gate();
    let completing = false;
    await page.route('**/api/music-tracks/complete-upload', async (route) => {
      completing = true;
      await normalised.opened;
      await route.fallback();
    });
    await lift();
    await expect.poll(() => completing).toBe(true);
    expect(await progressView(page)).toMatchObject({ phase: 'processing', text: 'Processing…', printed: null, valueNow: null, state: 'indeterminate' });
    normalised.open();
    await expect.poll(() => closedOrWhatItSays(dialog), { timeout: 60_000 }).toBe('closed');
    await page.unroute('**/api/music-tracks/complete-upload');

    const seen = await recordedProgress(page);
    expect(seen.some((view) => view.phase === 'processing')).toBe(true);
    for (const view of seen) {
      expect(view.text.startsWith('Processing'), view.text).toBe(view.phase === 'processing');
      expectAgreement(view);
    }

    // The uploaded track is under the clip at once; the browser is a click away. Deleting one's own track asks first.
    await expect.poll(() => page.getByRole('group', { name: 'Music: slow tone' }).isVisible()).toBe(true);
    // Issue 42.17: removing the music asks first; keeping it leaves it on the lane.
    await page.getByRole('button', { name: 'Remove music' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Remove the music?' });
    await expect.poll(() => remove.isVisible()).toBe(true);
    await remove.getByRole('button', { name: 'Keep the music' }).click();
    await expect.poll(() => remove.count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Music: slow tone' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Change track' }).click();
    await page.getByRole('button', { name: 'Delete slow tone' }).click();
    const confirm = page.getByRole('alertdialog', { name: /Delete/ });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectAccessible(page, 'delete music track');
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
  }, 120_000);

  it('uploads a track, puts it under the clip, plays it in the preview, and exports the mix at −14 LUFS', async () => {
    await openEditor(page, projectId, { readyState: 2 });
    // The track the test before uploaded is in use: the new one takes its place.
    await page.getByRole('button', { name: 'Change track' }).click();
    await page.getByRole('button', { name: 'Upload your own' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Audio file').setInputFiles(makeToneMp3(workDir, MUSIC_HZ, 4, 'low-hum.mp3'));
    expect(await dialog.getByLabel('Title').inputValue()).toBe('low hum');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    // The dialog closes once the server's job has normalised the track; what it says otherwise is the failure.
    await expect.poll(() => closedOrWhatItSays(dialog), { timeout: 60_000 }).toBe('closed');

    // The uploaded track is put under the clip at once. (Its toast is not waited for: it may be gone by the
    // time a busy machine has seen the dialog close, which failed a CI run.)
    const lane = page.getByRole('group', { name: 'Music: low hum' });
    await expect.poll(() => lane.isVisible()).toBe(true);
    // In the browser its row says "In use"; at 1440 px every row's button is whole (they were cut to "Us" and "In us").
    await page.getByRole('button', { name: 'Change track' }).click();
    const inUse = page.getByRole('listitem', { name: 'low hum' }).getByRole('button', { name: 'In use' });
    await expect.poll(() => inUse.isDisabled()).toBe(true);
    const rowButtons = page.getByRole('list', { name: 'Music tracks' }).getByRole('button', { name: /^(Use|In use)$/ });
    expect(await rowButtons.count()).toBeGreaterThan(1);
    expect(await rowButtons.evaluateAll((buttons) => buttons.filter((button) => button.scrollWidth > button.clientWidth).length)).toBe(0);
    await page.getByRole('button', { name: 'Keep the current track' }).click();
    await expect.poll(() => lane.isVisible()).toBe(true);
    await expect.poll(() => lane.getByTestId('waveform').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => lane.getAttribute('data-preview'), { timeout: 30_000 }).toBe('ready');
    await expect.poll(() => page.getByRole('slider', { name: 'Music volume' }).isVisible()).toBe(true);
    await expectAccessible(page, 'editor with music in use');

    // Play: the music's Web Audio graph runs and its meter moves.
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => lane.getAttribute('data-preview')).toBe('playing');
    await expect.poll(async () => Number(await lane.getAttribute('data-level'))).toBeGreaterThan(0);
    await keepScreenshot(page, 'music-lane-playing-1440');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => lane.getAttribute('data-preview')).toBe('ready');

    // Export and download: the music is in the file beside the clip's own sound, and the mix is at −14 LUFS.
    await page.getByRole('button', { name: 'Export' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Video' });
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = exportDialog.getByRole('link', { name: 'Download Video' });
    await expect.poll(() => download.isVisible(), { timeout: 120_000 }).toBe(true);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const saved = path.join(workDir, 'with-music.mp4');
    await file.saveAs(saved);
    expect(ffprobe(saved).streams.some((stream) => stream.codec_type === 'audio')).toBe(true);
    const music = toneLevelDb(saved, MUSIC_HZ, 0.3, 1.5);
    const clip = toneLevelDb(saved, CLIP_HZ, 0.3, 1.5);
    expect(music, `music ${music} dB, clip ${clip} dB`).toBeGreaterThan(-40);
    expect(clip).toBeGreaterThan(-40);
    expect(Math.abs(integratedLufs(saved) + 14)).toBeLessThanOrEqual(1);

    // Escape closes the dialog even with the "Export complete!" toast open over it.
    expect(await page.getByText('Export complete!').first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => exportDialog.count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A phone shows one tool at a time, in a sheet its tab opens.
    await page.getByRole('group', { name: 'Tools' }).getByRole('button', { name: 'Music', exact: true }).click();
    await page.getByRole('slider', { name: 'Music volume' }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'music-settings-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 240_000);

  it('says why the server refused a track after its upload, in the dialog and in the list, until it is deleted', async () => {
    await openEditor(page, projectId);
    await page.getByRole('button', { name: 'Change track' }).click();
    await page.getByRole('button', { name: 'Upload your own' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload your own music' });
    await dialog.getByLabel('Audio file').setInputFiles(makeSilentMp3(workDir, 2));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    // The header is fine, so the upload is accepted; the job finds nothing to hear.
    const refusal = dialog.getByText('This track is silent');
    await expect.poll(() => refusal.isVisible(), { timeout: 60_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    const row = page.getByRole('listitem', { name: 'silence' });
    await expect.poll(() => row.getByText('This track is silent').isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: /^(Use|In use)$/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Preview silence' }).isDisabled()).toBe(true);
    await row.scrollIntoViewIfNeeded();
    // Its delete button is in sight: no row is wider than the list (the library's longest lines made them so,
    // cutting the buttons at the right edge).
    const list = page.getByRole('list', { name: 'Music tracks' });
    expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await expectAccessible(page, 'music track refused');
    await keepScreenshot(page, 'music-track-refused-1440');
    await row.getByRole('button', { name: 'Delete silence' }).click();
    await page.getByRole('alertdialog', { name: /Delete/ }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row.count()).toBe(0);
  }, 120_000);
});
