import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, keepScreenshot, newPage } from './support/browser.ts';
import { openEditor, textOverlays } from './support/editor-page.ts';
import { makeShortClip, makeToneMp3 } from './support/media.ts';
import { setUser, signUp, uploadReadyProject } from './support/studio.ts';

// Issue 17, item 8: every screen and dialog passes axe-core with no serious or critical violation. Each
// state is checked with expect.soft, so one run lists every violation of a test, not only the first.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const root = path.resolve(import.meta.dirname, '..');

let browser: Browser;
let mediaDir: string;
beforeAll(async () => {
  browser = await connectBrowser();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-a11y-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** Checks the page as it is now; `state` names it in the failure. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe, ${state}`).toEqual([]);
}

async function visible(locator: Locator): Promise<void> {
  await expect.poll(() => locator.isVisible()).toBe(true);
}

/** Opens a dialog with `open`, checks it, and closes it with Escape. */
async function checkDialog(page: Page, open: () => Promise<void>, dialog: Locator, state: string): Promise<void> {
  await open();
  await visible(dialog);
  await expectAccessible(page, state);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
}

/** The operator's way to make an admin (as admin.e2e.ts does): the real CLI against the e2e server's DATA_DIR. */
function makeAdmin(username: string): void {
  execFileSync(process.execPath, ['dist/server/cli.js', 'make-admin', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

describe('public pages pass axe', () => {
  it('the check can fail: a nameless button and grey-on-grey text are reported with their selectors', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1 }));
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.innerHTML = '<button id="nameless-probe"></button><p id="faint-probe" style="color:#777;background:#666">faint</p>';
      document.body.append(probe);
    });
    const violations = await axeViolations(page);
    expect(violations.join('\n')).toMatch(/^button-name \(critical\): Buttons must have discernible text\n.*\n {4}at #nameless-probe$/m);
    expect(violations.join('\n')).toMatch(/^color-contrast \(serious\):.*\n.*\n {4}at #faint-probe$/m);
    await context.close();
  });

  it('landing, sign-in, sign-up, forgot password (form and sent), reset password and the 404 page', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1 }));
    await expectAccessible(page, 'landing page');

    await page.goto('/auth');
    await visible(page.getByRole('button', { name: 'Sign In' }));
    await expectAccessible(page, 'login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await visible(page.getByRole('button', { name: 'Create Account' }));
    await expectAccessible(page, 'sign-up');

    await page.goto('/forgot-password');
    await visible(page.getByRole('button', { name: 'Send reset link' }));
    await expectAccessible(page, 'forgot password');
    await page.getByLabel(/email/i).fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByText('Check your email'));
    await expectAccessible(page, 'forgot password, sent');

    await page.goto('/reset-password?token=not-a-real-token');
    await visible(page.getByRole('button', { name: 'Reset password' }));
    await expectAccessible(page, 'reset password');

    await page.goto('/no-such-page');
    await visible(page.getByRole('heading', { name: 'Page Not Found' }));
    await expectAccessible(page, '404 page');
    await context.close();
  });

  // The examples page is another engineer's (src/client/features/examples); checked on its own so the rest stays green.
  it('the examples page and its player dialog', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/examples');
    await expect.poll(() => page.getByRole('link', { name: 'Use This Prompt' }).count()).toBe(8);
    await expectAccessible(page, 'examples page');
    await page.getByRole('button', { name: /^Play / }).first().click();
    const player = page.getByRole('dialog');
    await visible(player);
    await expectAccessible(page, 'example player dialog');
    await context.close();
  }, 120_000);
});

describe('the dashboard passes axe', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, baseUrl));
    await signUp(page.request, 'a11y');
    await uploadReadyProject(page.request, makeShortClip(mediaDir, 'dash.mp4'), 'Sunset walk');
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  it('with a project, and every dialog: create (both tabs), generate image, delete project', async () => {
    // One project ready, one still generating (its card shows a progress bar).
    const started = await page.request.post('/api/projects', { data: { title: 'Night market', prompt: 'A busy night market, handheld', aspectRatio: '9:16', duration: 8 } });
    expect(started.status(), await started.text()).toBeLessThan(300);
    await page.goto('/dashboard');
    await visible(page.getByRole('heading', { name: 'Sunset walk' }));
    await visible(page.getByRole('heading', { name: 'Night market' }));
    await expectAccessible(page, 'dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'dashboard at 390 px');
    await page.setViewportSize({ width: 1440, height: 900 });

    const create = page.getByRole('dialog', { name: 'Create New Video' });
    await page.getByRole('button', { name: 'New Video' }).click();
    await visible(create);
    await expectAccessible(page, 'create video, AI Generate');
    await keepScreenshot(page, 'a11y-create-video-1440');
    await create.getByRole('tab', { name: 'Upload Video' }).click();
    await visible(create.getByText('Choose a video or drop it here'));
    await expectAccessible(page, 'create video, Upload Video');
    // A wrong submit shows the field errors.
    await create.locator('form').getByRole('button', { name: 'Upload Video' }).click();
    await visible(create.getByText('Choose a video file to upload'));
    await expectAccessible(page, 'create video, Upload Video with errors');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'a11y-create-video-390');
    await expectAccessible(page, 'create video at 390 px');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await expect.poll(() => create.count()).toBe(0);

    await checkDialog(
      page,
      () => page.getByRole('button', { name: 'Generate Image' }).click(),
      page.getByRole('dialog', { name: 'Generate Image' }),
      'generate image',
    );
    await checkDialog(
      page,
      () => page.getByRole('button', { name: 'Delete project' }).first().click(),
      page.getByRole('alertdialog', { name: 'Delete Project' }),
      'delete project',
    );
  }, 60_000);
});

describe('the editor passes axe', () => {
  let context: BrowserContext;
  let page: Page;
  let projectId: string;
  let username: string;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, baseUrl));
    username = await signUp(page.request, 'a11yed');
    projectId = await uploadReadyProject(page.request, makeShortClip(mediaDir, 'editor.mp4'), 'Harbour lights');
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  it('with its panels, a selected text overlay and the timeline, at 1440 and 390 px', async () => {
    await openEditor(page, projectId);
    await page.getByRole('button', { name: 'Add Text' }).click();
    await visible(page.getByRole('textbox', { name: 'Overlay text' }));
    await expectAccessible(page, 'editor, typing into a new overlay');
    await page.keyboard.press('Escape');
    await textOverlays(page).first().click();
    await visible(page.getByRole('region', { name: 'Text style' }));
    await expectAccessible(page, 'editor, overlay selected');
    await page.getByRole('button', { name: 'Get suggestions' }).click();
    await visible(page.getByRole('list', { name: 'AI suggestions' }));
    await textOverlays(page).first().click();
    await visible(page.getByRole('region', { name: 'Text style' }));
    await expectAccessible(page, 'editor, overlay selected and AI suggestions listed');
    await keepScreenshot(page, 'a11y-editor-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'editor at 390 px');
    await keepScreenshot(page, 'a11y-editor-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 60_000);

  it('with its dialogs: share, AI assistant, upload music, delete a music track', async () => {
    await openEditor(page, projectId);
    await checkDialog(page, () => page.getByRole('button', { name: 'Share' }).click(), page.getByRole('dialog', { name: 'Share' }), 'share');

    const assistant = page.getByRole('dialog', { name: 'AI Assistant' });
    await page.getByRole('button', { name: 'AI Assistant' }).click();
    await visible(assistant);
    await expectAccessible(page, 'AI assistant, empty');
    await assistant.getByRole('textbox').fill('How do I make a better hook?');
    await page.keyboard.press('Enter');
    await expect.poll(() => assistant.getByRole('log').innerText(), { timeout: 30_000 }).toMatch(/hook/i);
    await expect.poll(() => assistant.getByRole('textbox').isEnabled()).toBe(true);
    await expectAccessible(page, 'AI assistant, with a reply');
    await page.keyboard.press('Escape');
    await expect.poll(() => assistant.count()).toBe(0);

    const upload = page.getByRole('dialog', { name: 'Upload your own music' });
    await page.getByRole('button', { name: 'Upload your own' }).click();
    await visible(upload);
    await expectAccessible(page, 'upload music');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(upload.getByText('Choose an audio file to upload'));
    await expectAccessible(page, 'upload music with errors');
    await upload.getByLabel('Audio file').setInputFiles(makeToneMp3(mediaDir, 300, 3, 'hum.mp3'));
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(async () => ((await upload.count()) === 0 ? 'closed' : upload.innerText()), { timeout: 60_000 }).toBe('closed');

    await checkDialog(
      page,
      () => page.getByRole('button', { name: 'Delete hum' }).click(),
      page.getByRole('alertdialog', { name: /Delete/ }),
      'delete music track',
    );

    // The track under the clip: the Music panel shows its settings and the timeline its lane.
    await page.getByRole('listitem', { name: 'hum' }).getByRole('button', { name: 'Use' }).click();
    await visible(page.getByRole('group', { name: 'Music: hum' }));
    await visible(page.getByRole('slider', { name: 'Music volume' }));
    await expectAccessible(page, 'editor with music in use');
  }, 120_000);

  // The export and extend dialogs are being rewritten by another engineer (features/editor/components/export,
  // extend-video): checked on their own, so a violation there does not hide the rest.
  it('with the export and extend dialogs', async () => {
    await openEditor(page, projectId);
    await checkDialog(page, () => page.getByRole('button', { name: 'Export' }).click(), page.getByRole('dialog', { name: 'Export Video' }), 'export');
    await checkDialog(
      page,
      () => page.getByRole('button', { name: 'Extend Video' }).click(),
      page.getByRole('dialog', { name: 'Extend Video' }),
      'extend video',
    );

    // A finished export, and an extension the user cannot afford.
    const exporting = page.getByRole('dialog', { name: 'Export Video' });
    await page.getByRole('button', { name: 'Export' }).click();
    await exporting.getByRole('button', { name: 'Export', exact: true }).click();
    await expect.poll(() => exporting.getByRole('link', { name: 'Download Video' }).isVisible(), { timeout: 120_000 }).toBe(true);
    await expectAccessible(page, 'export, complete');
    await page.keyboard.press('Escape');
    await expect.poll(() => exporting.count()).toBe(0);
    setUser(dataDir, username, { credits: 5 });
    await openEditor(page, projectId);
    const extending = page.getByRole('dialog', { name: 'Extend Video' });
    await page.getByRole('button', { name: 'Extend Video' }).click();
    await visible(extending.getByText(/Insufficient credits/));
    await expectAccessible(page, 'extend video, short of credits');
  }, 240_000);
});

describe('/admin passes axe', () => {
  it('for an admin, with the subscription menu open, and for a non-admin', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const admin = await signUp(page.request, 'a11yboss');
    makeAdmin(admin);
    await page.goto('/admin');
    await expect.poll(() => page.getByText(/^Showing 1–\d+ of [\d,]+$/).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Providers' }).locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'admin dashboard');
    await page.getByPlaceholder('Search users...').fill(admin);
    const select = page.getByRole('combobox', { name: `Subscription for ${admin}` });
    await visible(select);
    await select.click();
    await visible(page.getByRole('option', { name: 'Pro' }));
    await expectAccessible(page, 'admin, subscription menu open');
    await page.keyboard.press('Escape');
    await page.getByPlaceholder('Search users...').fill('no-such-user-anywhere');
    await visible(page.getByText('No users found'));
    await expectAccessible(page, 'admin, no users found');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'admin at 390 px');
    await context.close();

    const viewer = await newPage(browser, baseUrl);
    await signUp(viewer.page.request, 'a11yviewer');
    await viewer.page.goto('/admin');
    await visible(viewer.page.getByRole('heading', { name: 'Access Denied' }));
    await expectAccessible(viewer.page, 'access denied');
    await viewer.context.close();
  }, 60_000);
});
