import type { APIRequestContext, Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { connectBrowser, keepScreenshot, newPage, uniqueName } from './support/browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Holds every request matching `pattern` until `release()`, so a test can look at the page while it waits. */
async function holdRequests(page: Page, pattern: string): Promise<{ held: () => number; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(pattern, async (route: Route) => {
    held++;
    await released;
    await route.continue();
  });
  return { held: () => held, release };
}

const posters = (page: Page) => page.locator('main li [data-poster]');

async function postersIn(page: Page, state: string): Promise<number> {
  return page.locator(`main li [data-poster="${state}"]`).count();
}

/** Every poster image has arrived and decoded. */
async function allPostersDecoded(page: Page): Promise<boolean> {
  return page
    .locator('main li [data-poster] img:not([aria-hidden])')
    .evaluateAll((images: HTMLImageElement[]) => images.length === 8 && images.every((img) => img.complete && img.naturalWidth > 0));
}

async function expectPlaying(video: Locator): Promise<void> {
  // The e2e server is seeded with the clips (global-setup.ts); one not stored would be rendered for this request.
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
  const start = await video.evaluate((el: HTMLVideoElement) => el.currentTime);
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(start);
}

describe('examples page (issue 17, item 1)', () => {
  it('shows a skeleton in each card until its poster arrives, then the eight posters; a clip not ready yet shows its poster while it is prepared, then plays', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const heldPosters = await holdRequests(page, '**/api/examples/*/thumbnail');
    await page.goto('/examples');

    // While the posters are on their way each card holds a skeleton in the poster's place.
    await expect.poll(() => heldPosters.held()).toBe(8);
    expect(await postersIn(page, 'loading')).toBe(8);
    expect(await posters(page).first().locator('[data-slot="skeleton"]').count()).toBe(1);
    heldPosters.release();
    await expect.poll(() => postersIn(page, 'loaded')).toBe(8);
    expect(await allPostersDecoded(page)).toBe(true);
    expect(await page.locator('main li [data-slot="skeleton"]').count()).toBe(0);
    await expectAccessible(page, 'examples page');
    await keepScreenshot(page, 'examples-posters-1440');

    // Opened from the keyboard; until the clip arrives the player shows the poster and says it is preparing it.
    const heldClip = await holdRequests(page, '**/api/examples/1/video');
    const play = page.getByRole('button', { name: 'Play Neon City Nights' });
    await play.focus();
    await page.keyboard.press('Enter');
    const player = page.getByRole('dialog', { name: 'Neon City Nights' });
    await expect.poll(() => player.isVisible()).toBe(true);
    await expect.poll(() => heldClip.held()).toBeGreaterThan(0);
    const video = player.locator('video');
    expect(await player.locator('[data-clip]').getAttribute('data-clip')).toBe('preparing');
    expect(await player.getByRole('status').innerText()).toContain('Preparing this example…');
    expect(await video.getAttribute('poster')).toBe('/api/examples/1/thumbnail');
    await expectAccessible(page, 'example player dialog, preparing the clip');
    await keepScreenshot(page, 'examples-preparing-1440');
    heldClip.release();

    await expectPlaying(video);
    expect(await player.locator('[data-clip]').getAttribute('data-clip')).toBe('ready');
    expect(await player.getByRole('status').count()).toBe(0);
    await expectAccessible(page, 'example player dialog');
    await keepScreenshot(page, 'examples-playing-1440');
    await page.keyboard.press('Escape');
    await expect.poll(() => player.count()).toBe(0);
    await context.close();
  }, 240_000);

  it('links each prompt and call to action to sign-up, and claims only what is true', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/examples');
    const useButtons = page.getByRole('link', { name: 'Use This Prompt' });
    await expect.poll(() => useButtons.count()).toBe(8);
    // Each Use This Prompt opens Sign Up with its prompt (the flow is the next describe block's).
    expect(await useButtons.first().getAttribute('href')).toMatch(/^\/signup\?next=/);
    expect(await page.getByText('Start with 200 free credits — no credit card').first().isVisible()).toBe(true);
    expect(await page.getByText(/under a minute/i).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Start Creating Free' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('/');
    await context.close();
  });

  it('fits a phone: one column, nothing wider than the screen, and the player inside it', async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 390, height: 844 });
    await page.goto('/examples');
    await expect.poll(() => allPostersDecoded(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const boxes = await posters(page).evaluateAll((elements) => elements.map((el) => el.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    await keepScreenshot(page, 'examples-posters-390');

    await page.getByRole('button', { name: 'Play Golden Hour Forest' }).click();
    const player = page.getByRole('dialog', { name: 'Golden Hour Forest' });
    await expect.poll(() => player.isVisible()).toBe(true);
    const box = await player.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectPlaying(player.locator('video'));
    await keepScreenshot(page, 'examples-playing-390');
    await page.keyboard.press('Escape');
    await expect.poll(() => player.count()).toBe(0);
    await context.close();
  }, 240_000);

  it('says so plainly when a poster cannot be loaded', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.route('**/api/examples/3/thumbnail', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await page.goto('/examples');
    await expect.poll(() => postersIn(page, 'failed')).toBe(1);
    await expect.poll(() => postersIn(page, 'loaded')).toBe(7);
    const failed = page.locator('main li [data-poster="failed"]');
    expect(await failed.innerText()).toContain('Preview unavailable');
    expect(await failed.locator('[data-slot="skeleton"]').count()).toBe(0);
    await context.close();
  });
});

/** An example's prompt as the server lists it. */
async function examplePrompt(request: APIRequestContext, title: string): Promise<string> {
  const examples = (await (await request.get('/api/examples')).json()) as Array<{ title: string; prompt: string }>;
  const example = examples.find((candidate) => candidate.title === title);
  if (!example) throw new Error(`no example titled ${title}`);
  return example.prompt;
}

async function useThisPrompt(page: Page, title: string): Promise<void> {
  const card = page.locator('main li').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('link', { name: 'Use This Prompt' }).click();
}

/** The New Video dialog is open on AI Generate with `prompt` in its Prompt field. */
async function expectNewVideoWith(page: Page, prompt: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Create New Video' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await expect.poll(() => dialog.getByLabel('Prompt').inputValue()).toBe(prompt);
  expect(await dialog.getByRole('tab', { name: 'AI Generate' }).getAttribute('aria-selected')).toBe('true');
}

const PASSWORD = 'examples-password';

describe('Use This Prompt (issue 25, item 11)', () => {
  it('opens Sign Up, keeps the prompt through a reload, and after signing up opens New Video with it filled', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const prompt = await examplePrompt(context.request, 'Neon City Nights');
    await page.goto('/examples');
    await useThisPrompt(page, 'Neon City Nights');
    await page.waitForURL((url) => url.pathname === '/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Get Started' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Get Started' }).isVisible()).toBe(true);
    await page.getByLabel('Username').fill(uniqueName('borrower'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectNewVideoWith(page, prompt);
    await keepScreenshot(page, 'examples-use-prompt-1440');

    // Still there after a reload; once closed, the dashboard opens as usual.
    await page.reload();
    await expectNewVideoWith(page, prompt);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('keeps the prompt when the visitor logs in instead, and takes a signed-in user straight to the filled dialog', async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 390, height: 844 });
    const username = uniqueName('returner');
    const other = await browser.newContext({ baseURL: baseUrl });
    const created = await other.request.post('/api/auth/signup', { data: { username, password: PASSWORD } });
    expect(created.status(), await created.text()).toBe(201);
    await other.close();

    await page.goto('/examples');
    await useThisPrompt(page, 'Ocean Drift');
    await page.waitForURL((url) => url.pathname === '/signup');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome Back' }).isVisible()).toBe(true);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectNewVideoWith(page, await examplePrompt(context.request, 'Ocean Drift'));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.goto('/examples');
    await useThisPrompt(page, 'Night Market Bites');
    await expectNewVideoWith(page, await examplePrompt(context.request, 'Night Market Bites'));
    const dialog = await page.getByRole('dialog', { name: 'Create New Video' }).boundingBox();
    expect(dialog && dialog.x >= 0 && dialog.x + dialog.width <= 390).toBe(true);
    await keepScreenshot(page, 'examples-use-prompt-390');
    // Straight there: the sign-up page it passed through is not left in the history.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/examples');
    await context.close();
  });
});
