import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FALLBACK_FACES } from '../src/shared/editor/fonts.ts';
import { expectAccessible } from './support/axe.ts';
import { connectBrowser, keepScreenshot, newPage } from './support/browser.ts';
import { goToTime, openEditor, textOverlays, video } from './support/editor-page.ts';
import { makeShortClip } from './support/media.ts';
import { forgetWatermarkedCopy, getProject, setUser, signUp, uploadReadyProject } from './support/studio.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

let browser: Browser;
let mediaDir: string;
beforeAll(async () => {
  browser = await connectBrowser();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-editor-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function styleOf(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((el, name) => (el as HTMLElement).style.getPropertyValue(name), property);
}

/** The text overlay's words, as its hit box names them (the canvas under it draws the text). */
async function overlayText(page: Page): Promise<string | null> {
  return textOverlays(page).getAttribute('aria-label');
}

/** Where the centre of an overlay's hit box (its laid-out text box) is, down the frame, in percent. */
async function centreTop(page: Page, box: Locator): Promise<number> {
  const frame = await page.getByTestId('editor-frame').boundingBox();
  const text = await box.boundingBox();
  if (!frame || !text) throw new Error('overlay not laid out');
  return ((text.y + text.height / 2 - frame.y) / frame.height) * 100;
}

/** How many canvas pixels have this colour (within a few levels): what the overlay canvas draws. */
async function canvasPixels(page: Page, rgb: [number, number, number]): Promise<number> {
  return page.getByTestId('editor-frame').locator('canvas').evaluate((canvas: HTMLCanvasElement, [r, g, b]) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - r) < 8 && Math.abs(data[i + 1]! - g) < 8 && Math.abs(data[i + 2]! - b) < 8 && data[i + 3]! > 240) count += 1;
    }
    return count;
  }, rgb);
}

const GOLD: [number, number, number] = [255, 215, 0];
const RED: [number, number, number] = [239, 68, 68];

/**
 * Clicks the timeline's ruler at a fraction of its length (unzoomed: the whole output) and waits for the player
 * to show about second `seconds` of the clip.
 */
async function seekTo(page: Page, fraction: number, seconds: number): Promise<void> {
  const box = await page.getByTestId('time-ruler').boundingBox();
  if (!box) throw new Error('timeline not laid out');
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.currentTime)).toBeCloseTo(seconds, 0);
}

/** Adds a text overlay, which opens for typing, and leaves its text as it is. */
async function addTextAndLeaveIt(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add Text' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'Overlay text' }).isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('textbox', { name: 'Overlay text' }).count()).toBe(0);
  await expect.poll(() => textOverlays(page).last().isVisible()).toBe(true);
}

async function pressTimes(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

/** A project's editor in a second, touch-screen context 390 px wide, signed in as `context`'s user. */
async function openOnPhone(context: BrowserContext, projectId: string): Promise<{ phone: BrowserContext; phonePage: Page }> {
  const phone = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    storageState: await context.storageState(),
  });
  const phonePage = await phone.newPage();
  await openEditor(phonePage, projectId);
  return { phone, phonePage };
}

/** The phone's tab that opens a tool's sheet. */
function toolTab(page: Page, name: string): Locator {
  return page.getByRole('group', { name: 'Tools' }).getByRole('button', { name, exact: true });
}

/** Width and height of an element's box: its hit area for a finger. */
async function hitArea(locator: Locator): Promise<{ width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

/**
 * What keeps the focused control from being seen, or null: it must lie wholly on screen and inside the box that
 * scrolls it (sideways it need only show in part), and nothing pinned may lie over it.
 */
async function focusHidden(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return 'nothing is focused';
    const name = focused.getAttribute('aria-label') ?? focused.innerText.trim();
    const box = focused.getBoundingClientRect();
    let left = Math.max(box.left, 0);
    let right = Math.min(box.right, window.innerWidth);
    if (box.top < 0 || box.bottom > window.innerHeight) return `${name} is off screen`;
    for (let parent = focused.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      const scroller = parent.getBoundingClientRect();
      if (/auto|scroll/.test(style.overflowY) && (box.top < scroller.top - 1 || box.bottom > scroller.bottom + 1)) return `${name} is scrolled out of view`;
      if (/auto|scroll/.test(style.overflowX)) [left, right] = [Math.max(left, scroller.left), Math.min(right, scroller.right)];
    }
    if (right <= left) return `${name} is scrolled out of view sideways`;
    for (const part of [0.2, 0.5, 0.8]) {
      const hit = document.elementFromPoint((left + right) / 2, box.top + box.height * part);
      if (!hit || !focused.contains(hit)) return `${name} is under ${hit?.outerHTML.slice(0, 120) ?? 'nothing'}`;
    }
    return null;
  });
}

describe('the editor', () => {
  let context: BrowserContext;
  let page: Page;
  let projectId: string;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, baseUrl));
    await signUp(page.request, 'editor');
    // An 8 s upload: what the editor does with a clip does not depend on how it was made, and an upload of a
    // small clip is ready in a fraction of a generation's time.
    projectId = await uploadReadyProject(page.request, makeShortClip(mediaDir, 'city-lights.mp4', 8), 'City lights');
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it('edits overlays, effect, grade and trim, autosaves, and shows every edit again after a reload', async () => {
    await openEditor(page, projectId);
    expect(await page.getByRole('heading', { name: 'City lights' }).isVisible()).toBe(true);
    // The free plan's watermark is burned into the video the proxy streams; the page draws no second one.
    expect(await page.getByText('Made with PromptReel').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Export/ }).count()).toBe(1);

    await addTextAndLeaveIt(page);
    expect(await overlayText(page)).toBe('Text overlay: Click to style');
    expect(await textOverlays(page).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('region', { name: 'Text style' }).isVisible()).toBe(true);
    await expectAccessible(page, 'editor, overlay selected');

    // A mouse drag is one undo step: one Undo puts the text back in the centre.
    const start = await textOverlays(page).boundingBox();
    if (!start) throw new Error('overlay not laid out');
    const startLeft = await styleOf(textOverlays(page), 'left');
    const startTop = await styleOf(textOverlays(page), 'top');
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 60, start.y + start.height / 2 + 150, { steps: 12 });
    await page.mouse.up();
    const movedLeft = await styleOf(textOverlays(page), 'left');
    expect(movedLeft).not.toBe(startLeft);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await styleOf(textOverlays(page), 'left')).toBe(startLeft);
    expect(await styleOf(textOverlays(page), 'top')).toBe(startTop);
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await styleOf(textOverlays(page), 'left')).toBe(movedLeft);

    await page.getByRole('combobox', { name: 'Font' }).click();
    await page.getByRole('option', { name: 'Lobster' }).click();
    await page.getByRole('slider', { name: 'Size' }).focus();
    await pressTimes(page, 'ArrowRight', 6);
    await page.getByRole('radio', { name: 'Text colour Gold' }).click();
    await page.getByRole('radio', { name: 'Outline colour Red' }).click();
    await page.getByRole('slider', { name: 'Outline thickness' }).focus();
    await pressTimes(page, 'ArrowRight', 2);
    // The canvas draws the text in its new colours.
    await expect.poll(() => canvasPixels(page, GOLD)).toBeGreaterThan(50);
    await expect.poll(() => canvasPixels(page, RED)).toBeGreaterThan(50);
    const styledLeft = await styleOf(textOverlays(page), 'left');

    await page.getByRole('radio', { name: 'Sepia' }).click();
    await page.getByRole('slider', { name: 'Brightness' }).focus();
    await page.keyboard.press('PageUp');
    await page.getByRole('slider', { name: 'Contrast' }).focus();
    await pressTimes(page, 'ArrowLeft', 5);
    expect(await styleOf(video(page), 'filter')).toBe('brightness(110%) contrast(95%) sepia(1)');

    await seekTo(page, 0.25, 2);
    await page.getByRole('button', { name: 'Set In' }).click();
    await expect.poll(() => page.getByText('In point set').isVisible()).toBe(true);
    // The ruler now counts the 6 s left: two thirds along it is second 6 of the clip.
    await seekTo(page, 2 / 3, 6);
    await page.getByRole('button', { name: 'Set Out' }).click();
    await expect.poll(() => page.getByText('Out point set').isVisible()).toBe(true);
    const trimIn = await page.getByTestId('trim-in').innerText();
    const trimOut = await page.getByTestId('trim-out').innerText();
    expect(trimIn).toMatch(/^0:0[12]\.\d\d$/);
    expect(trimOut).toMatch(/^0:0[56]\.\d\d$/);

    // Arrow keys step one frame, anywhere but in a text field.
    await seekTo(page, 0.1, 2.4);
    await page.getByTestId('editor-frame').click({ position: { x: 5, y: 5 } });
    const before = await video(page).evaluate((el: HTMLVideoElement) => el.currentTime);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.currentTime)).toBeCloseTo(before + 1 / 30, 2);

    // Space plays from the In point and stops at the Out point.
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);
    await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
    const stoppedAt = await video(page).evaluate((el: HTMLVideoElement) => el.currentTime);
    expect(stoppedAt).toBeGreaterThan(5.5);

    await expect.poll(() => page.getByText('All changes saved').isVisible()).toBe(true);
    const state = (await getProject(page.request, projectId)).editorState;
    if (!state) throw new Error('the editor state was not saved');
    const [text] = state.textOverlays;
    expect(state.textOverlays).toHaveLength(1);
    expect(text?.position.x).toBeGreaterThan(55);
    expect(text?.position.y).toBeGreaterThan(55);
    expect(text).toMatchObject({ text: 'Click to style', fontFamily: 'Lobster', fontSize: 60, color: '#FFD700', outline: { color: '#EF4444', thickness: 5 } });
    expect(state.visualEffect).toBe('sepia');
    expect(state.colorGrading).toEqual({ brightness: 110, contrast: 95, saturation: 100 });
    // The trim is the one shot's cut of the project's clip.
    expect(state.shots).toHaveLength(1);
    const [trimmed] = state.shots;
    if (!trimmed) throw new Error('the edit has no shot');
    expect(trimmed.mediaId).toBe(projectId);
    expect(trimmed.in).toBeGreaterThan(1.5);
    expect(trimmed.in).toBeLessThan(2.5);
    expect(trimmed.out).toBeGreaterThan(5.5);
    expect(trimmed.out).toBeLessThan(6.5);
    expect(Math.abs(stoppedAt - trimmed.out)).toBeLessThan(0.05);

    await page.reload();
    await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThanOrEqual(1);
    // The player opens on the In point, where the output (and its text) begins.
    await expect.poll(() => page.getByText('Loading fonts…').count()).toBe(0);
    await expect.poll(async () => Math.abs((await video(page).evaluate((el: HTMLVideoElement) => el.currentTime)) - trimmed.in)).toBeLessThan(0.05);
    await goToTime(page, 2);
    await expect.poll(() => textOverlays(page).isVisible()).toBe(true);
    expect(await styleOf(textOverlays(page), 'left')).toBe(styledLeft);
    await expect.poll(() => canvasPixels(page, GOLD)).toBeGreaterThan(50);
    await expect.poll(() => canvasPixels(page, RED)).toBeGreaterThan(50);
    expect(await styleOf(video(page), 'filter')).toBe('brightness(110%) contrast(95%) sepia(1)');
    expect(await page.getByRole('radio', { name: 'Sepia' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('slider', { name: 'Brightness' }).getAttribute('aria-valuenow')).toBe('110');
    expect(await page.getByTestId('trim-in').innerText()).toBe(trimIn);
    expect(await page.getByTestId('trim-out').innerText()).toBe(trimOut);
    await textOverlays(page).click();
    expect(await page.getByRole('slider', { name: 'Size' }).getAttribute('aria-valuenow')).toBe('60');
    expect(await page.getByRole('combobox', { name: 'Font' }).innerText()).toBe('Lobster');

    // Undo and redo, from the keyboard and from the header.
    await page.getByRole('radio', { name: 'Grayscale' }).click();
    expect(await styleOf(video(page), 'filter')).toContain('grayscale(1)');
    await page.keyboard.press('Control+z');
    expect(await styleOf(video(page), 'filter')).toContain('sepia(1)');
    await page.keyboard.press('Control+Shift+z');
    expect(await styleOf(video(page), 'filter')).toContain('grayscale(1)');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await styleOf(video(page), 'filter')).toContain('sepia(1)');
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await styleOf(video(page), 'filter')).toContain('grayscale(1)');
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+z');
    expect(await styleOf(video(page), 'filter')).toContain('sepia(1)');
    await expect.poll(async () => (await getProject(page.request, projectId)).editorState?.visualEffect).toBe('sepia');

    // Reset uses the whole clip again, and the toast says so; Ctrl+Z puts the cut back.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect.poll(() => page.getByText('The whole video is used again.').isVisible()).toBe(true);
    expect(await page.getByTestId('trim-out').innerText()).toBe('0:08.00');
    await keepScreenshot(page, 'editor-trim-reset-1440');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('trim-out').innerText()).toBe(trimOut);

    // In-place editing holds at most ten lines: a longer paste keeps its first ten, an eleventh line break is refused.
    await textOverlays(page).dblclick();
    const editor = page.getByRole('textbox', { name: 'Overlay text' });
    const lines = Array.from({ length: 12 }, (_, i) => `L${i + 1}`);
    await editor.fill(lines.join('\n'));
    await page.keyboard.press('Enter');
    await page.keyboard.type('!');
    await page.keyboard.press('Escape');
    expect(await overlayText(page)).toBe(`Text overlay: ${[...lines.slice(0, 9), 'L10!'].join('\n')}`);

    // Typed line breaks are kept; Escape commits.
    await textOverlays(page).dblclick();
    await editor.fill('Big\nnews');
    await page.keyboard.press('Escape');
    expect(await overlayText(page)).toBe('Text overlay: Big\nnews');

    await textOverlays(page).click();
    await keepScreenshot(page, 'editor-1440');
    // The layout follows a resize on the next frame (the frame is measured by a ResizeObserver).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 120_000);

  it('moves an overlay by touch on a phone-sized screen', async () => {
    const { phone, phonePage } = await openOnPhone(context, projectId);
    await goToTime(phonePage, 2);
    await expect.poll(() => textOverlays(phonePage).isVisible()).toBe(true);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The header gives the title its own row and labels its actions.
    expect((await phonePage.getByRole('heading', { level: 1 }).boundingBox())?.width ?? 0).toBeGreaterThan(200);
    expect(await phonePage.getByRole('button', { name: 'Export' }).innerText()).toContain('Export');
    expect(await phonePage.getByRole('button', { name: 'Extend Video' }).innerText()).toContain('Extend Video');
    const actions = await phonePage.getByTestId('editor-actions').evaluate((row) => [...row.querySelectorAll('button')].map((button) => button.getBoundingClientRect()));
    expect(actions.every((box) => box.left >= 0 && box.right <= 390)).toBe(true);

    // The video takes most of the screen (it was 142×253 under a pinned player and timeline of 539 px), the
    // timeline below it and the tools' tabs below that, with nothing to scroll.
    const frame = await phonePage.getByTestId('editor-frame').boundingBox();
    expect(frame?.width).toBeGreaterThan(195);
    expect(frame?.height).toBeGreaterThan(350);
    const timeline = await phonePage.getByTestId('timeline-scroller').boundingBox();
    const tabs = await phonePage.getByRole('group', { name: 'Tools' }).boundingBox();
    if (!frame || !timeline || !tabs) throw new Error('editor not laid out');
    expect(timeline.y).toBeGreaterThan(frame.y + frame.height);
    expect(timeline.y + timeline.height).toBeLessThanOrEqual(tabs.y);
    expect(tabs.y + tabs.height).toBeCloseTo(844, 0);
    expect(await phonePage.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(844);
    // Every control takes at least 44 × 44 px of a finger: the header's, the player's, the timeline's and the tabs'.
    const controls = phonePage.locator('header a, button:visible, [role="slider"]:visible');
    expect(await controls.count()).toBeGreaterThan(20);
    const small: string[] = [];
    for (const control of await controls.all()) {
      const { width, height } = await hitArea(control);
      if (Math.min(width, height) < 44) small.push(`${(await control.getAttribute('aria-label')) ?? (await control.innerText())}: ${String(width)}×${String(height)}`);
    }
    expect(small).toEqual([]);
    await keepScreenshot(phonePage, 'editor-390');

    // However small a text is drawn on the frame, 44 px around its centre take a finger.
    const box = await textOverlays(phonePage).boundingBox();
    if (!box) throw new Error('overlay not laid out');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    expect(Math.max(box.width, box.height)).toBeLessThan(40);
    for (const [dx, dy] of [[20, 0], [0, 20], [-20, -20]] as const) {
      const taken = await phonePage.evaluate((point) => document.elementFromPoint(point.x, point.y)?.getAttribute('aria-label'), { x: x + dx, y: y + dy });
      expect(taken, `${String(dx)}, ${String(dy)} px from its centre`).toBe(await overlayText(phonePage));
    }
    const startLeft = await styleOf(textOverlays(phonePage), 'left');
    const cdp = await phone.newCDPSession(phonePage);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - step * 8, y: y - step * 4 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => styleOf(textOverlays(phonePage), 'left')).not.toBe(startLeft);

    // The Text tab opens the text tools in a sheet in the timeline's place, with the style of the text just moved;
    // the text's lane stays above it, the other lanes give way (issue 42.15); the video stays larger than it was.
    await toolTab(phonePage, 'Text').click();
    await expect.poll(() => phonePage.getByRole('region', { name: 'Text style' }).isVisible()).toBe(true);
    expect(await phonePage.getByRole('button', { name: 'Add Text' }).isVisible()).toBe(true);
    expect(await phonePage.getByRole('slider', { name: /^Text timing: / }).first().isVisible()).toBe(true);
    expect(await phonePage.getByRole('group', { name: 'Video' }).isVisible()).toBe(false);
    const smaller = await phonePage.getByTestId('editor-frame').boundingBox();
    expect(smaller?.width).toBeGreaterThan(155);
    expect(smaller?.height).toBeGreaterThan(275);
    await keepScreenshot(phonePage, 'editor-text-tool-390');
    await toolTab(phonePage, 'Text').focus();
    // From the keyboard, each control of the sheet comes into view as it takes the focus, going down and back up.
    for (const key of [...Array<string>(20).fill('Tab'), ...Array<string>(20).fill('Shift+Tab')]) {
      await phonePage.keyboard.press(key);
      expect(await focusHidden(phonePage), `after ${key}`).toBeNull();
    }
    await phone.close();
  }, 60_000);

  it('opens at /projects/{id} too, saves an edit made just before leaving, and says when a project does not exist', async () => {
    await openEditor(page, projectId, { route: 'projects' });
    expect(await page.getByRole('heading', { name: 'City lights' }).isVisible()).toBe(true);
    const share = page.getByRole('dialog', { name: 'Share' });
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => share.isVisible()).toBe(true);
    await expectAccessible(page, 'share');
    await page.keyboard.press('Escape');
    await expect.poll(() => share.count()).toBe(0);
    // Closing a dialog gives the focus back to the button that opened it.
    await expect.poll(() => page.getByRole('button', { name: 'Share' }).evaluate((el) => el === document.activeElement)).toBe(true);
    // Leaving within the autosave delay still saves: the change goes out as the editor closes.
    await page.getByRole('radio', { name: 'Blur' }).click();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(async () => (await getProject(page.request, projectId)).editorState?.visualEffect).toBe('blur');
    await page.getByRole('link', { name: 'Open Editor' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Blur' }).getAttribute('aria-checked')).toBe('true');

    await page.goto('/editor/00000000-0000-0000-0000-000000000000');
    await expect.poll(() => page.getByRole('heading', { name: 'Project not found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });
});

describe('a pro user', () => {
  it('sees no watermark, and deletes an overlay with the Delete key', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const username = await signUp(page.request, 'editor');
    setUser(dataDir, username, { subscription: 'pro' });
    const id = await uploadReadyProject(page.request, makeShortClip(mediaDir, 'pro-clip.mp4'), 'Pro clip');
    await openEditor(page, id);
    // Overlays appear once the fonts have loaded; so would the watermark.
    await addTextAndLeaveIt(page);
    expect(await page.getByText('Made with PromptReel').count()).toBe(0);

    // The 25 MB emoji face is fetched only once an overlay holds an emoji; the text waits for it.
    const emojiFetched = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/fonts/noto-color-emoji.ttf')));
    expect(await emojiFetched()).toBe(false);
    await textOverlays(page).dblclick();
    await page.getByRole('textbox', { name: 'Overlay text' }).fill('Sunny 🌞 ✓');
    await page.keyboard.press('Escape');
    // Leaving the text with Escape gives the focus back to the overlay, where the arrows move it on the frame.
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    await expect.poll(focusedLabel).toBe('Text overlay: Sunny 🌞 ✓');
    const frameBox = await page.getByTestId('editor-frame').boundingBox();
    const before = await textOverlays(page).boundingBox();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(async () => (await textOverlays(page).boundingBox())?.y).not.toBe(before?.y);
    const after = await textOverlays(page).boundingBox();
    expect(((after?.x ?? 0) - (before?.x ?? 0)) / (frameBox?.width ?? 1)).toBeCloseTo(0.02, 2);
    expect(((after?.y ?? 0) - (before?.y ?? 0)) / (frameBox?.height ?? 1)).toBeCloseTo(0.1, 2);
    await expect.poll(focusedLabel).toBe('Text overlay: Sunny 🌞 ✓');
    await expect.poll(emojiFetched).toBe(true);
    await expect.poll(() => page.getByText('Loading fonts…').count()).toBe(0);
    expect(await overlayText(page)).toBe('Text overlay: Sunny 🌞 ✓');
    // The overlay list and the timeline bar quote the text with the frame's fallback faces, so its emoji and
    // symbols are not boxes on a system without fonts for them.
    const fontFamilyOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontFamily);
    for (const quoted of [
      page.getByRole('list', { name: 'Text overlays' }).getByRole('button', { name: 'Sunny 🌞 ✓', exact: true }),
      page.getByRole('slider', { name: 'Text timing: Sunny 🌞 ✓' }),
    ]) {
      const families = await fontFamilyOf(quoted);
      for (const face of FALLBACK_FACES) expect(families, `${face.cssFamily} behind the quoted text`).toContain(face.cssFamily);
    }

    // Delete removes the selected overlay; undo brings it back.
    await textOverlays(page).click();
    await page.keyboard.press('Delete');
    await expect.poll(() => textOverlays(page).count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => textOverlays(page).count()).toBe(1);
    await context.close();
  }, 60_000);
});

describe('a free user with a video made before watermarked copies', () => {
  it('sees "Preparing your video…" until its watermarked copy is made, then the editor opens by itself', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signUp(page.request, 'editor');
    const id = await uploadReadyProject(page.request, makeShortClip(mediaDir, 'old-clip.mp4'), 'Old clip', { waitUntilStreamable: false });
    forgetWatermarkedCopy(dataDir, id);
    await page.goto(`/editor/${id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Preparing your video…' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 90_000 }).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('heading', { name: 'Old clip' }).isVisible()).toBe(true);
    await context.close();
  }, 120_000);
});

describe('the timeline', () => {
  let context: BrowserContext;
  let page: Page;
  let projectId: string;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, baseUrl));
    await signUp(page.request, 'timeline');
    projectId = await uploadReadyProject(page.request, makeShortClip(mediaDir, 'harbour.mp4', 8), 'Harbour');
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  function bar(name: string): Locator {
    return page.getByRole('slider', { name: `Text timing: ${name}` });
  }

  async function barStart(name: string): Promise<number> {
    return Number(await bar(name).getAttribute('aria-valuenow'));
  }

  it('opens a new text for typing: Enter and Space type into it instead of adding more, and the next one goes elsewhere', async () => {
    await openEditor(page, projectId);
    await page.getByRole('button', { name: 'Add Text' }).click();
    const editor = page.getByRole('textbox', { name: 'Overlay text' });
    await expect.poll(() => editor.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'editor, typing into a new overlay');
    await page.keyboard.type('Hi');
    await page.keyboard.press('Space');
    await page.keyboard.type('there');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => textOverlays(page).count()).toBe(1);
    expect(await overlayText(page)).toBe('Text overlay: Hi there');
    expect(await centreTop(page, textOverlays(page))).toBeCloseTo(50, 0);

    await addTextAndLeaveIt(page);
    expect(await textOverlays(page).count()).toBe(2);
    expect(await centreTop(page, page.getByRole('button', { name: 'Text overlay: Click to style', exact: true }))).toBeCloseTo(35, 0);
    expect(await page.getByRole('slider', { name: /^Text timing:/ }).count()).toBe(2);

    // The platforms' safe zones are a guide over the frame, shown on request.
    const guides = page.getByTestId('safe-zone-guides');
    expect(await guides.count()).toBe(0);
    await page.getByRole('button', { name: 'Safe zones' }).click();
    expect(await guides.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Safe zones' }).click();
    expect(await guides.count()).toBe(0);
  }, 60_000);

  it('nudges a text bar with the keyboard, drags it, and undoes the whole drag in one step', async () => {
    await bar('Hi there').click();
    expect(await textOverlays(page).first().getAttribute('aria-pressed')).toBe('true');
    // Alt+Shift+← shortens it by a second from its end; Shift+→ moves it by a second, → by a frame.
    await pressTimes(page, 'Alt+Shift+ArrowLeft', 3);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => barStart('Hi there')).toBeCloseTo(1 + 1 / 30, 2);
    expect(await page.getByLabel('Until').inputValue()).toBe('0:06.03');

    const box = await bar('Hi there').boundingBox();
    const ruler = await page.getByTestId('time-ruler').boundingBox();
    if (!box || !ruler) throw new Error('timeline not laid out');
    const pxPerSecond = ruler.width / 8;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 1.2 * pxPerSecond, box.y + box.height / 2, { steps: 12 });
    await page.mouse.up();
    const dragged = await barStart('Hi there');
    expect(dragged).toBeGreaterThan(2);
    expect(dragged).toBeLessThan(2.5);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await barStart('Hi there')).toBeCloseTo(1 + 1 / 30, 2);
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await barStart('Hi there')).toBe(dragged);

    await expect.poll(async () => (await getProject(page.request, projectId)).editorState?.textOverlays[0]?.start).toBe(dragged);
    const saved = (await getProject(page.request, projectId)).editorState?.textOverlays[0];
    expect(saved?.end).toBeCloseTo(dragged + 5, 3);

    // The text panel sets the same times by typing, and the entrance, exit and box width.
    await page.getByLabel('Show from').fill('0:01.5');
    await page.keyboard.press('Enter');
    await expect.poll(() => barStart('Hi there')).toBe(1.5);
    await page.getByRole('combobox', { name: 'Entrance animation' }).click();
    await page.getByRole('option', { name: 'Fade' }).click();
    await page.getByRole('slider', { name: 'Entrance duration' }).focus();
    await pressTimes(page, 'ArrowRight', 3);
    await page.getByRole('combobox', { name: 'Exit animation' }).click();
    await page.getByRole('option', { name: 'Slide up' }).click();
    await page.getByRole('slider', { name: 'Box width' }).focus();
    await pressTimes(page, 'ArrowLeft', 20);
    await expect
      .poll(async () => (await getProject(page.request, projectId)).editorState?.textOverlays[0])
      .toMatchObject({ start: 1.5, boxWidth: 60, enter: { kind: 'fade', duration: 0.8 }, exit: { kind: 'slide-up', duration: 0.5 } });
  }, 60_000);

  it('drags a shot’s In edge on the video lane as one undo step, and the timeline counts the output', async () => {
    const handle = page.getByTestId('shot-edge-in');
    const box = await handle.boundingBox();
    const ruler = await page.getByTestId('time-ruler').boundingBox();
    if (!box || !ruler) throw new Error('timeline not laid out');
    const pxPerSecond = ruler.width / 8;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 1.5 * pxPerSecond, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    expect(await page.getByTestId('trim-in').innerText()).toMatch(/^0:01\.[3-7]\d$/);
    await keepScreenshot(page, 'editor-timeline-1440');
    // The lane, the ruler and the clock count the 6.5 s left, not the clip's 8.
    expect(await page.getByTestId('shot-block').getAttribute('aria-label')).toMatch(/^Shot 1 of 1: 0:00\.00 to 0:06\.[3-7]\d$/);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await page.getByTestId('trim-in').innerText()).toBe('0:00.00');

    // Ctrl+wheel over the timeline zooms it: labels come closer in time and it scrolls sideways.
    const scroller = page.getByTestId('timeline-scroller');
    const labelsBefore = await page.getByTestId('time-ruler').innerText();
    const area = await scroller.boundingBox();
    if (!area) throw new Error('timeline not laid out');
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await page.keyboard.down('Control');
    for (let i = 0; i < 3; i += 1) await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.getByTestId('time-ruler').innerText()).not.toBe(labelsBefore);
  }, 60_000);

  it('stays in view and scrolls sideways by touch on a phone-sized screen', async () => {
    const { phone, phonePage } = await openOnPhone(context, projectId);
    const scroller = phonePage.getByTestId('timeline-scroller');
    expect(await scroller.isVisible()).toBe(true);
    // Handles take a finger's 44 px however slim they look (a bar's edges were 8×21).
    const hiThere = phonePage.getByRole('slider', { name: 'Text timing: Hi there' });
    const handles = {
      bar: hiThere,
      'bar start': hiThere.locator('[data-edge="start"]'),
      'bar end': hiThere.locator('[data-edge="end"]'),
      In: phonePage.getByTestId('shot-edge-in'),
      Out: phonePage.getByTestId('shot-edge-out'),
      playhead: phonePage.getByRole('slider', { name: 'Playhead' }),
    };
    for (const [name, handle] of Object.entries(handles)) {
      const { width, height } = await hitArea(handle);
      expect(Math.min(width, height), name).toBeGreaterThanOrEqual(44);
    }
    for (let i = 0; i < 4; i += 1) await phonePage.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(200);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A swipe on the video lane scrolls the timeline (between the trim handles nothing else takes the touch).
    await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
    const lane = await phonePage.getByRole('group', { name: 'Video' }).boundingBox();
    const frame = await scroller.boundingBox();
    if (!lane || !frame) throw new Error('timeline not laid out');
    const cdp = await phone.newCDPSession(phonePage);
    const y = lane.y + lane.height / 2;
    const x = frame.x + frame.width * 0.7;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - step * 15, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(30);

    // A third text, added in the Text sheet, makes the lanes scroll up and down under the ruler, which stays at
    // their top: a bar focused from the keyboard comes into view below it.
    await toolTab(phonePage, 'Text').click();
    await addTextAndLeaveIt(phonePage);
    await toolTab(phonePage, 'Text').click();
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await phonePage.getByRole('slider', { name: 'Text timing: Click to style' }).first().focus();
    await phonePage.keyboard.press('Shift+Tab');
    expect(await hiThere.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await focusHidden(phonePage)).toBeNull();
    expect(await video(phonePage).isVisible()).toBe(true);
    await keepScreenshot(phonePage, 'editor-timeline-390');
    await phone.close();
  }, 60_000);
});
