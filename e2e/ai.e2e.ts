import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, expectAccessible } from './support/axe.ts';
import { connectBrowser, keepScreenshot, newPage } from './support/browser.ts';
import { goToTime, openEditor, shownVideo, textOverlays } from './support/editor-page.ts';
import { makeShortClip } from './support/media.ts';
import { createReadyProject, getProject, setUser, signUp, uploadReadyProject } from './support/studio.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

let browser: Browser;
let mediaDir: string;
beforeAll(async () => {
  browser = await connectBrowser();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-ai-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function credits(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/auth/me');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: { credits: number } }).user.credits;
}

function headerDuration(page: Page): Locator {
  return page.locator('header').getByText(/^\d+(\.\d)?s$/);
}

/** Where an overlay's hit box sits on the frame, in CSS px. */
function placeInFrame(overlay: Locator): Promise<number[]> {
  return overlay.evaluate((box) => {
    const frame = box.closest('[data-testid="editor-frame"]')!.getBoundingClientRect();
    const place = box.getBoundingClientRect();
    return [place.left - frame.left, place.top - frame.top, place.width, place.height].map(Math.round);
  });
}

async function noHorizontalScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** The page at 390 px, which must not scroll sideways, kept as a screenshot; then back to 1440 px. */
async function keepPhoneScreenshot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await noHorizontalScroll(page);
  await keepScreenshot(page, name);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('the AI features', () => {
  let context: BrowserContext;
  let page: Page;
  let projectId: string;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, baseUrl));
    await signUp(page.request, 'ai');
    projectId = await createReadyProject(page.request, {
      title: 'Harbour dawn',
      prompt: 'Fishing boats leaving a misty harbour at dawn, slow pan',
      aspectRatio: '9:16',
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it('inspiration fills the prompt of the create dialog', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'New Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Video' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Prompt').inputValue()).toBe('');

    await dialog.getByRole('button', { name: 'Inspire me' }).click();
    await expect.poll(() => page.getByText('Inspiration generated').isVisible()).toBe(true);
    const prompt = await dialog.getByLabel('Prompt').inputValue();
    expect(prompt.length).toBeGreaterThan(20);

    // Another one is a different prompt.
    await dialog.getByRole('button', { name: 'Inspire me' }).click();
    await expect.poll(() => dialog.getByLabel('Prompt').inputValue()).not.toBe(prompt);
    await keepScreenshot(page, 'ai-inspire-1440');
    await page.keyboard.press('Escape');
  });

  it('generates an image, shows it with a download, and charges its cost', async () => {
    await page.goto('/dashboard');
    const before = await credits(page.request);
    await expect.poll(() => page.getByText(`${before} credits`).first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Generate Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Image' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'generate image');
    expect(await dialog.getByRole('radio', { name: /Fast image model.*1 credit/ }).getAttribute('aria-checked')).toBe('true');

    // An empty prompt is refused before anything is sent.
    await dialog.getByRole('button', { name: 'Generate Image' }).click();
    await expect.poll(() => dialog.getByText('Prompt is required').isVisible()).toBe(true);

    await dialog.getByLabel('Prompt').fill('A paper lantern floating over a misty lake at dawn');
    await dialog.getByRole('radio', { name: /DALL·E 3 HD.*1024×1792.*2 credits/ }).click();
    await dialog.getByRole('button', { name: 'Generate Image' }).click();
    await expect.poll(() => page.getByText('Image generated successfully').isVisible()).toBe(true);

    const image = dialog.getByRole('img', { name: /^Generated image/ });
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await image.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([1024, 1792]);
    const download = dialog.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('href')).toBe(await image.getAttribute('src'));
    expect(await download.getAttribute('download')).not.toBeNull();

    expect(await credits(page.request)).toBe(before - 2);
    await expect.poll(() => dialog.getByText(`you have ${before - 2} credits`).isVisible()).toBe(true);
    await keepScreenshot(page, 'ai-image-1440');
    await keepPhoneScreenshot(page, 'ai-image-390');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByText(`${before - 2} credits`).first().isVisible()).toBe(true);
    await keepPhoneScreenshot(page, 'ai-dashboard-390');
  }, 60_000);

  it('gets suggestions, previews the text-overlay one in the player for free, discards it, then keeps it for 10 credits as one undoable step', async () => {
    await openEditor(page, projectId);
    expect(await textOverlays(page).count()).toBe(0);
    const before = await credits(page.request);
    const savedEdit = (await getProject(page.request, projectId)).editorState;

    await page.getByRole('button', { name: 'Get suggestions' }).click();
    await expect.poll(() => page.getByText('AI Suggestions ready').isVisible()).toBe(true);
    const cards = page.getByRole('list', { name: 'AI suggestions' }).getByRole('listitem');
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(5);
    expect(await cards.getByRole('button', { name: 'Preview' }).count()).toBe(count);

    // Preview: the player shows the text, the edit waits, and nothing is saved or charged.
    const overlayCard = cards.filter({ hasText: 'Text overlay' }).first();
    const keep = overlayCard.getByRole('button', { name: 'Keep (10 credits)' });
    await overlayCard.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => keep.isVisible()).toBe(true);
    expect(await keep.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => textOverlays(page).count()).toBe(1);
    const previewed = await textOverlays(page).getAttribute('aria-label');
    expect(previewed).toMatch(/^Text overlay: \S/);
    const previewedPlace = await placeInFrame(textOverlays(page));
    expect(await page.getByTestId('preview-notice').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Text' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Get suggestions' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'editor, a suggestion previewed');
    await keepScreenshot(page, 'ai-suggestion-preview-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await noHorizontalScroll(page);
    // A phone shows the AI tools' sheet, where Keep is, until the preview is kept or discarded; the other tools wait.
    expect(await keep.isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Tools' }).getByRole('button', { name: 'Text', exact: true }).isDisabled()).toBe(true);
    await keepScreenshot(page, 'ai-suggestion-preview-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    // Never autosaved: no save is under way (one would start with the change), and none has landed.
    expect(await page.getByText('All changes saved').count()).toBe(1);
    expect((await getProject(page.request, projectId)).editorState).toEqual(savedEdit);
    expect(await credits(page.request)).toBe(before);

    // Discard (Escape, from Keep): exactly the edit and the credits there were, and the focus back on Preview.
    await page.keyboard.press('Escape');
    await expect.poll(() => textOverlays(page).count()).toBe(0);
    const previewButton = overlayCard.getByRole('button', { name: 'Preview' });
    await expect.poll(() => previewButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('preview-notice').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Text' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    expect(await credits(page.request)).toBe(before);
    expect((await getProject(page.request, projectId)).editorState).toEqual(savedEdit);

    // Preview again and keep it, from the keyboard: what was shown is what is kept, for 10 credits.
    await page.keyboard.press('Enter');
    await expect.poll(() => keep.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Suggestion Applied').isVisible()).toBe(true);
    expect(await page.getByText(/10 credits used/).isVisible()).toBe(true);
    await expect.poll(() => textOverlays(page).count()).toBe(1);
    // The text is drawn on the preview's canvas; its hit box names it.
    expect(await textOverlays(page).getAttribute('aria-label')).toBe(previewed);
    expect(await placeInFrame(textOverlays(page))).toEqual(previewedPlace);
    const applied = overlayCard.getByRole('button', { name: 'Applied' });
    expect(await applied.getAttribute('aria-disabled')).toBe('true');
    expect(await applied.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('preview-notice').count()).toBe(0);
    expect(await credits(page.request)).toBe(before - 10);
    expect((await getProject(page.request, projectId)).editorState?.textOverlays).toHaveLength(1);
    await keepScreenshot(page, 'ai-suggestions-1440');
    await keepPhoneScreenshot(page, 'ai-suggestions-390');

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => textOverlays(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => textOverlays(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => textOverlays(page).count()).toBe(0);

    // The editor with the suggestions listed and an overlay selected, at both widths.
    await page.getByRole('button', { name: 'Redo' }).click();
    await textOverlays(page).click();
    await expect.poll(() => page.getByRole('region', { name: 'Text style' }).isVisible()).toBe(true);
    await expectAccessible(page, 'editor, overlay selected and AI suggestions listed');
    await keepScreenshot(page, 'a11y-editor-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await noHorizontalScroll(page);
    await expectAccessible(page, 'editor at 390 px');
    await keepScreenshot(page, 'a11y-editor-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 60_000);

  it('the assistant answers a question; Enter sends, Shift+Enter adds a line, empty messages are not sent', async () => {
    await openEditor(page, projectId);
    await page.getByRole('button', { name: 'AI Assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Assistant' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = dialog.getByRole('textbox', { name: 'Message' });
    const conversation = dialog.getByRole('log', { name: 'Conversation' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'AI assistant, empty');

    // On a phone the starter questions wrap inside the conversation instead of running off its edge.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        conversation.evaluate((log) => {
          const right = log.getBoundingClientRect().right;
          return [...log.querySelectorAll('button')].every((chip) => chip.getBoundingClientRect().right <= right + 0.5);
        }),
      )
      .toBe(true);
    await keepScreenshot(page, 'ai-assistant-starters-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await box.press('Enter');
    await box.pressSequentially('   ');
    await box.press('Enter');
    expect(await conversation.getByRole('article').count()).toBe(0);

    await box.fill('');
    await box.pressSequentially('How do I hook viewers');
    await box.press('Shift+Enter');
    await box.pressSequentially('in the first second?');
    expect(await box.inputValue()).toBe('How do I hook viewers\nin the first second?');
    await box.press('Enter');

    expect(await conversation.getByRole('article', { name: 'Your message' }).innerText()).toBe('How do I hook viewers\nin the first second?');
    expect(await box.inputValue()).toBe('');
    const reply = conversation.getByRole('article', { name: 'Assistant reply' });
    await expect.poll(() => reply.count()).toBe(1);
    expect((await reply.innerText()).length).toBeGreaterThan(40);
    // Its numbered tips come as cards, and nothing in it is markup.
    expect(await reply.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await reply.innerText()).not.toContain('**');
    await expect.poll(() => box.isEnabled()).toBe(true);
    await expectAccessible(page, 'AI assistant, with a reply');
    await keepScreenshot(page, 'ai-assistant-1440');

    await keepPhoneScreenshot(page, 'ai-assistant-390');
    await page.keyboard.press('Escape');
  }, 60_000);

  it('Extend Video appends an 8-second shot after the last one, for 12 credits', async () => {
    await openEditor(page, projectId);
    expect(await headerDuration(page).innerText()).toBe('8s');
    const before = await credits(page.request);
    await keepPhoneScreenshot(page, 'ai-editor-390');

    await page.getByRole('button', { name: 'Extend Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend Video' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The price is quoted by the server: the offline engine extends from the last frame, 8 s for 12 credits.
    await expect.poll(() => dialog.getByText('12 credits', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText(/with 8 more seconds, generated from its last frame/).isVisible()).toBe(true);
    expect(await dialog.getByText(`${before} credits`, { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'extend video');
    await keepScreenshot(page, 'ai-extend-1440');
    await keepPhoneScreenshot(page, 'ai-extend-390');

    await dialog.getByRole('button', { name: 'Extend Video' }).click();
    await expect.poll(() => dialog.getByText('Prompt is required').isVisible()).toBe(true);
    await dialog.getByLabel('What happens next').fill('The boats sail past the lighthouse as the sun rises');
    const video = page.locator('video').first();
    const clipBefore = await video.getAttribute('src');
    expect(clipBefore).toContain(`/api/media/${projectId}/video`);
    await dialog.getByRole('button', { name: 'Extend Video' }).click();

    // The editor stays open on the current clip, with the extension's progress under the header and the tools paused.
    await expect.poll(() => page.getByText('Video extension started').isVisible()).toBe(true);
    const progress = page.getByTestId('extending-progress');
    await expect.poll(() => progress.isVisible()).toBe(true);
    expect(await progress.getByRole('progressbar', { name: 'Extension progress' }).isVisible()).toBe(true);
    expect(await video.getAttribute('src')).toBe(clipBefore);
    expect(await page.getByRole('button', { name: 'Extending…' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Text' }).isDisabled()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Video is being generated' }).count()).toBe(0);
    // Still watchable: Play plays the clip it has.
    await page.getByRole('button', { name: 'Play' }).first().click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
    // Paused again: playing on through the extension would only keep the browser decoding while the server renders.
    await page.getByRole('button', { name: 'Pause' }).first().click();
    expect(await axeViolations(page), 'axe, the editor while the video is extended').toEqual([]);
    await keepScreenshot(page, 'ai-extending-1440');
    await keepPhoneScreenshot(page, 'ai-extending-390');
    expect(await credits(page.request)).toBe(before - 12);

    // The page polls the project; when the new shot is appended the edit is released and says what was added.
    await expect
      .poll(() => progress.count(), { timeout: 120_000, interval: 1000 })
      .toBe(0)
      .catch((error: unknown) => {
        // What the server said about the extension is what tells a slow run from a failed one.
        const log = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').split('\n');
        console.log(log.filter((line) => /extend|"level":(40|50)/.test(line)).slice(-20).join('\n'));
        throw error;
      });
    await expect.poll(() => page.getByText(/A new shot follows the last one: the video now runs 16(\.\d)?s\./).isVisible()).toBe(true);
    // The project's own clip plays as before; the new shot is a clip of its own, after it in the edit.
    expect(await page.getByRole('button', { name: 'Add Text' }).isEnabled()).toBe(true);
    const extended = await getProject(page.request, projectId);
    expect(extended.duration).toBeCloseTo(16, 0);
    expect(extended.editorState?.shots.map((shot) => shot.mediaId)).toEqual([projectId, expect.not.stringMatching(projectId)]);
    const added = extended.editorState?.shots[1]?.mediaId ?? '';
    await goToTime(page, 4);
    expect(await shownVideo(page).getAttribute('src')).toBe(clipBefore);
    await goToTime(page, 12);
    expect(await shownVideo(page).getAttribute('src')).toContain(`/api/media/${added}/video`);
    expect(await credits(page.request)).toBe(before - 12);
  }, 210_000);
});

describe('credits and plans in the AI tools', () => {
  it('a free user short of credits sees why the extension is refused; a pro user applies suggestions free', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const username = await signUp(page.request, 'ai');
    const id = await uploadReadyProject(page.request, makeShortClip(mediaDir), 'Short clip');
    setUser(dataDir, username, { credits: 5 });

    await openEditor(page, id);
    await page.getByRole('button', { name: 'Extend Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend Video' });
    await expect.poll(() => dialog.getByText('Insufficient credits. Upgrade to Pro for unlimited extensions.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Extend Video' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'extend video, short of credits');
    await page.keyboard.press('Escape');

    // Suggestions are offered, but every Preview button is disabled and says why: on hover and to a screen reader.
    const reason = 'Insufficient credits. Applying a suggestion costs 10 credits and you have 5. Upgrade to Pro for unlimited.';
    await page.getByRole('button', { name: 'Get suggestions' }).click();
    const short = page.getByRole('list', { name: 'AI suggestions' }).getByRole('button', { name: 'Preview' });
    await expect.poll(() => short.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    expect(await page.getByText(reason).isVisible()).toBe(true);
    for (const button of await short.all()) {
      expect(await button.isDisabled()).toBe(true);
      expect(await button.evaluate((el) => el.parentElement?.title)).toBe(reason);
      const description = await button.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
      expect(description).toContain(reason);
    }
    await short.first().scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'ai-suggestions-short-1440');

    setUser(dataDir, username, { subscription: 'pro' });
    await openEditor(page, id);
    await page.getByRole('button', { name: 'Get suggestions' }).click();
    const preview = page.getByRole('list', { name: 'AI suggestions' }).getByRole('button', { name: 'Preview' });
    await expect.poll(() => preview.count()).toBeGreaterThanOrEqual(3);
    await preview.first().click();
    await page.getByRole('button', { name: 'Keep (free)' }).click();
    await expect.poll(() => page.getByText(/free for Pro/).isVisible()).toBe(true);
    expect(await credits(page.request)).toBe(5);

    await page.getByRole('button', { name: 'Extend Video' }).click();
    expect(await page.getByRole('dialog', { name: 'Extend Video' }).getByText('Free on Pro').isVisible()).toBe(true);
    await context.close();
  }, 90_000);
});
