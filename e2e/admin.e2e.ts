import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Browser, Locator, Page } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { connectBrowser, keepScreenshot, newPage, uniqueName } from './support/browser.ts';
import { type StartedServer, startServer } from './support/server.ts';

const root = path.resolve(import.meta.dirname, '..');

// The dashboard counts every user: a server of its own, so files running beside this one change no count it compares.
let baseUrl: string;
let dataDir: string;
let server: StartedServer | undefined;
let browser: Browser;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-admin-e2e-'));
  server = await startServer(dataDir, { RATE_LIMIT_SCALE: '100', STARTUP_RENDERS: 'off' });
  baseUrl = server.baseUrl;
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signs up through the API from inside a browser context, so the session cookie lands in it. */
async function signUp(request: APIRequestContext, username: string): Promise<void> {
  const response = await request.post('/api/auth/signup', { data: { username, password: 'admin-password' } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The operator's way to make an admin: the real CLI against the e2e server's DATA_DIR. */
function makeAdmin(username: string): void {
  const output = execFileSync(process.execPath, ['dist/server/cli.js', 'make-admin', username], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(output).toContain(`${username} is now an admin.`);
}

/** Sets a plan straight in the server's database, as a Stripe webhook or an admin would. */
function setPlan(username: string, subscription: 'free' | 'pro'): void {
  const db = new Database(path.join(dataDir, 'promptreel.sqlite'));
  try {
    db.prepare('update users set subscription = ? where username = ?').run(subscription, username);
  } finally {
    db.close();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A cell's text, one entry per line, however many blank lines the browser puts between paragraphs. */
async function lines(locator: Locator): Promise<string[]> {
  return (await locator.innerText()).split(/\n+/).map((line) => line.trim()).filter(Boolean);
}

function statCard(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title });
}

/** The big number on a stat card, or null while it still shows '...'. */
async function statValue(page: Page, title: string): Promise<number | null> {
  const text = await statCard(page, title).locator('p').first().innerText();
  return text === '...' ? null : Number(text.replace(/\D/g, ''));
}

async function freeValue(page: Page): Promise<number | null> {
  const text = await statCard(page, 'Pro Users').getByText(/^Free: /).innerText();
  const value = text.replace('Free: ', '');
  return value === '...' ? null : Number(value.replace(/\D/g, ''));
}

function planSelect(page: Page, username: string): Locator {
  return page.getByRole('combobox', { name: `Subscription for ${username}` });
}

async function toastShown(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.getByText(title, { exact: true }).isVisible()).toBe(true);
}

describe('the admin dashboard', () => {
  it('lets an admin find a user, switch them to Pro and see the stats follow', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const admin = uniqueName('Boss');
    await signUp(context.request, admin);
    makeAdmin(admin);
    // Someone else to promote, with capitals in the name so the search has a case to ignore.
    const targetContext = await browser.newContext({ baseURL: baseUrl });
    const target = uniqueName('MayaCreator');
    await signUp(targetContext.request, target);
    await targetContext.close();

    await page.goto('/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
    for (const title of ['Total Users', 'Total Videos', 'Videos This Month', 'Pro Users']) {
      await expect.poll(() => statValue(page, title)).not.toBeNull();
    }
    const totalUsers = await statValue(page, 'Total Users');
    const proBefore = (await statValue(page, 'Pro Users')) ?? -1;
    const freeBefore = (await freeValue(page)) ?? -1;
    expect(proBefore + freeBefore).toBe(totalUsers);
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await expect.poll(() => page.getByText(/^Showing 1–\d+ of [\d,]+$/).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Providers' }).locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'admin dashboard');

    // Part of the name, in the other case.
    const search = page.getByPlaceholder('Search users...');
    await search.fill(target.slice(2, 12).toUpperCase());
    await expect.poll(() => planSelect(page, target).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'Users' }).locator('tbody tr').count()).toBe(1);
    const row = page.getByRole('row', { name: new RegExp(`^${target}`) });
    expect(await row.getByText('Free', { exact: true }).first().isVisible()).toBe(true);
    expect(await row.getByRole('cell', { name: '-', exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('cell', { name: '200', exact: true }).isVisible()).toBe(true);

    await planSelect(page, target).click();
    await expect.poll(() => page.getByRole('option', { name: 'Pro' }).isVisible()).toBe(true);
    await expectAccessible(page, 'admin, subscription menu open');
    await page.getByRole('option', { name: 'Pro' }).click();
    // A plan change is confirmed first; Cancel changes nothing and gives the focus back to the select.
    const confirm = page.getByRole('alertdialog', { name: `Switch ${target} to Pro?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.getByText('They get unlimited credits, 4K exports and no watermark.').isVisible()).toBe(true);
    await expectAccessible(page, 'admin, confirming a plan change');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => planSelect(page, target).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await row.locator('[data-slot="badge"]').innerText()).toBe('Free');
    expect(await planSelect(page, target).innerText()).toBe('Free');
    await planSelect(page, target).click();
    await page.getByRole('option', { name: 'Pro' }).click();
    await confirm.getByRole('button', { name: 'Switch to Pro' }).click();
    await toastShown(page, 'Subscription updated');
    await expect.poll(() => planSelect(page, target).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText('User subscription has been changed successfully.').isVisible()).toBe(true);
    await expect.poll(() => statValue(page, 'Pro Users')).toBe(proBefore + 1);
    await expect.poll(() => freeValue(page)).toBe(freeBefore - 1);
    await expect.poll(() => row.locator('[data-slot="badge"]').innerText()).toBe('Pro');

    await search.fill('no-such-user-anywhere');
    await expect.poll(() => page.getByText('No users found').isVisible()).toBe(true);
    await expectAccessible(page, 'admin, no users found');
    await search.fill('');
    await expect.poll(() => page.getByText(/^Showing 1–\d+ of [\d,]+$/).isVisible()).toBe(true);
    await keepScreenshot(page, 'admin-1440');

    // A phone: cards two by two, the table scrolls inside its card and the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await search.fill(target.toLowerCase());
    await expect.poll(() => planSelect(page, target).isVisible()).toBe(true);
    const boxes = await Promise.all(
      ['Total Users', 'Total Videos', 'Videos This Month', 'Pro Users'].map(async (title) => statCard(page, title).boundingBox()),
    );
    const [a, b, c, d] = boxes.map((box) => box ?? { x: -1, y: -1, width: 0, height: 0 });
    expect(a!.y).toBe(b!.y);
    expect(c!.y).toBe(d!.y);
    expect(c!.y).toBeGreaterThan(a!.y);
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const table = page.getByRole('region', { name: 'Users' });
    expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    // Scrolled to the Actions column, the username stays in view beside it.
    await table.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const tableBox = await table.boundingBox();
    const nameBox = await table.getByRole('rowheader', { name: target }).boundingBox();
    expect(nameBox && tableBox && nameBox.x >= tableBox.x - 1 && nameBox.x + 40 <= tableBox.x + tableBox.width).toBe(true);
    // The toast from the switch would cover the header in the picture.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByText('Subscription updated', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'admin at 390 px');
    await keepScreenshot(page, 'admin-390');

    // The same change back, by keyboard alone.
    await planSelect(page, target).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('option', { name: 'Free' }).isVisible()).toBe(true);
    await page.getByRole('option', { name: 'Free' }).focus();
    await page.keyboard.press('Enter');
    // The confirmation opens on Cancel; Tab reaches the switch.
    const confirmFree = page.getByRole('alertdialog', { name: `Switch ${target} to Free?` });
    await expect.poll(() => confirmFree.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await toastShown(page, 'Subscription updated');
    await expect.poll(() => statValue(page, 'Pro Users')).toBe(proBefore);
    await expect.poll(() => freeValue(page)).toBe(freeBefore);
    await context.close();
  });

  it('lists every AI role in the Providers panel, checks them again on request, and fits a phone', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const admin = uniqueName('operator');
    await signUp(context.request, admin);
    makeAdmin(admin);
    await page.goto('/admin');
    const panel = page.getByRole('region', { name: 'Providers', exact: true });
    const table = panel.getByRole('table', { name: 'Providers' });
    // This server has no Google key: the offline engines do every role.
    const roles = ['Video generation', 'Video extension', 'Text', 'Image (Gemini)', 'Image (OpenAI)', 'Speech', 'Transcription'];
    await expect.poll(() => table.locator('tbody tr th').allInnerTexts()).toEqual(roles);
    for (const role of roles) {
      const row = table.getByRole('row', { name: new RegExp(`^${escapeRegExp(role)} `) });
      expect(await row.getByRole('cell').allInnerTexts()).toEqual(['offline', 'Offline engine', 'Offline engine', expect.any(String)]);
      expect(await row.locator('code').innerText()).toBe('offline');
    }
    const lastChecked = table.locator('tbody tr').first().locator('time');
    await expect.poll(() => lastChecked.getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\dT/);
    const before = await lastChecked.getAttribute('title');

    await panel.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => lastChecked.getAttribute('title')).not.toBe(before);
    expect(Date.parse((await lastChecked.getAttribute('title')) ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
    await expect.poll(() => panel.getByRole('button', { name: 'Check now' }).isEnabled()).toBe(true);
    expect(await panel.getByRole('alert').count()).toBe(0);
    // From the top, so the sticky header is not drawn over the middle of the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, 'admin-providers-1440');

    // A phone: the table scrolls inside its card and the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const scroller = panel.getByRole('region', { name: 'Providers table' });
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, 'admin-providers-390');
    await context.close();
  });

  it('says what is wrong with a failing provider and what to do, and shows a refused check inline', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const admin = uniqueName('triage');
    await signUp(context.request, admin);
    makeAdmin(admin);
    // This server only has offline engines, so the failing answers a real provider gives are played back here.
    const checkedAt = new Date(Date.now() - 2 * 60_000).toISOString();
    const row = (role: string, roleLabel: string, variable: string, state: string, detail: string | null, at: string | null = checkedAt) => ({
      role, roleLabel, model: `${role}-model-001`, backend: 'Vertex AI', variable, state, detail, checkedAt: at,
    });
    const catalog = {
      checkEverySeconds: 300,
      providers: [
        row('video-generation', 'Video generation', 'VIDEO_MODEL', 'not-found', 'Vertex AI has no model video-generation-model-001.'),
        row('video-extension', 'Video extension', 'VIDEO_EXTEND_MODEL', 'answering', null),
        row('text', 'Text', 'GEMINI_TEXT_MODEL', 'unauthorised', 'Vertex AI refused the credentials (403).'),
        row('image', 'Image (Gemini)', 'GEMINI_IMAGE_MODEL', 'unreachable', 'No answer within 10 s.'),
        row('speech', 'Speech', 'GEMINI_SPEECH_MODEL', 'unchecked', null, null),
      ],
      speechEngines: [
        { role: 'voice', roleLabel: 'Voice', engine: 'Festival, Gemini', available: true, missing: ['flite'], detail: null },
        { role: 'alignment', roleLabel: 'Alignment (word timing)', engine: 'pocketsphinx', available: true, missing: [], detail: null },
        { role: 'transcription', roleLabel: 'Transcription', engine: 'Gemini', available: true, missing: [], detail: null },
      ],
    };
    await page.route('**/api/admin/providers', (route) => route.fulfill({ json: catalog }));
    await page.route('**/api/admin/providers/check', (route) =>
      route.fulfill({ status: 429, json: { message: 'Too many attempts. Please try again in 5 minutes.' } }),
    );
    await page.goto('/admin');
    const table = page.getByRole('table', { name: 'Providers' });
    const cells = (role: string) => table.getByRole('row', { name: new RegExp(`^${escapeRegExp(role)} `) }).getByRole('cell');
    await expect.poll(() => cells('Video generation').nth(2).innerText()).toContain('Not found');
    expect(await lines(cells('Video generation').nth(2))).toEqual([
      'Not found',
      'Vertex AI has no model video-generation-model-001.',
      'Set VIDEO_MODEL to a model your provider serves',
    ]);
    expect(await cells('Video generation').nth(3).innerText()).toBe('2 minutes ago');
    expect(await cells('Video generation').nth(3).locator('time').getAttribute('title')).toBe(checkedAt);
    expect(await lines(cells('Video extension').nth(2))).toEqual(['Answering']);
    expect(await lines(cells('Text').nth(2))).toEqual([
      'Unauthorised',
      'Vertex AI refused the credentials (403).',
      'Check the credentials for Vertex AI',
    ]);
    expect(await lines(cells('Image (Gemini)').nth(2))).toEqual(['Unreachable', 'No answer within 10 s.']);
    expect(await lines(cells('Speech').nth(2))).toEqual(['Not checked yet']);
    expect(await cells('Speech').nth(3).innerText()).toBe('Not yet');

    const panel = page.getByRole('region', { name: 'Providers', exact: true });
    await panel.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => panel.getByRole('alert').innerText()).toBe('Too many attempts. Please try again in 5 minutes.');
    expect(await panel.getByRole('button', { name: 'Check now' }).isEnabled()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, 'admin-providers-failing-1440');
    await context.close();
  });

  it('shows Access Denied to a signed-in non-admin without asking the admin API', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signUp(context.request, uniqueName('viewer'));
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
    });

    await page.goto('/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Access Denied' }).isVisible()).toBe(true);
    expect(await page.getByText("You don't have permission to access this page.").isVisible()).toBe(true);
    await expectAccessible(page, 'access denied');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    expect(adminCalls).toEqual([]);
    await context.close();
  });

  it('shows Access Denied with a way to log in to a signed-out visitor', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Access Denied' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth?next=%2Fadmin');
    await context.close();
  });

  it('puts an Admin Panel button on an admin’s dashboard', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const admin = uniqueName('chief');
    await signUp(context.request, admin);
    makeAdmin(admin);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await page.waitForURL('**/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
    await context.close();
  });
});

// The e2e server has no Stripe configuration, so the payment calls fail the way they do on such an install.
describe('billing on the dashboard', () => {
  it('says why checkout could not start: the server’s message that payments are not configured', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signUp(context.request, uniqueName('saver'));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await toastShown(page, 'Error');
    expect(await page.getByText('Payments are not configured').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // On a phone the toast comes up from the bottom: it covers neither the header nor a dialog's close button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByText('Payments are not configured').count()).toBe(0);
    await page.getByRole('button', { name: 'Upgrade' }).click();
    const toastItem = page.getByRole('region', { name: /F8/ }).locator('li').filter({ hasText: 'Payments are not configured' });
    await expect.poll(() => toastItem.isVisible()).toBe(true);
    const toastBox = await toastItem.boundingBox();
    const headerBox = await page.locator('header').first().boundingBox();
    if (!toastBox || !headerBox) throw new Error('the toast or the header is not laid out');
    expect(toastBox.y, 'the toast starts below the header').toBeGreaterThan(headerBox.y + headerBox.height);
    expect(toastBox.y + toastBox.height, 'the toast sits at the bottom of the screen').toBeGreaterThan(844 - 48);
    await context.close();
  });

  it('offers a pro user Manage subscription and shows why the portal cannot open', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const username = uniqueName('patron');
    await signUp(context.request, username);
    setPlan(username, 'pro');
    await page.goto('/dashboard');
    await expect.poll(() => page.getByText('Unlimited', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upgrade' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await toastShown(page, "Couldn't open billing");
    // Made pro by hand, so there is no Stripe customer behind the plan.
    expect(await page.getByText('There is no Stripe subscription to manage for this account').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
    await context.close();
  });

  it('welcomes a user back from a paid checkout and tidies the address', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const username = uniqueName('buyer');
    await signUp(context.request, username);
    setPlan(username, 'pro');
    await page.goto('/dashboard?checkout=success');
    await toastShown(page, 'Welcome to Pro!');
    await expect.poll(() => page.url()).toBe(`${baseUrl}/dashboard`);
    await context.close();
  });

  it('tells a user whose payment is still being confirmed to wait, then welcomes them once the plan changes', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const username = uniqueName('waiter');
    await signUp(context.request, username);
    await page.goto('/dashboard?checkout=success');
    await toastShown(page, 'Payment received');
    expect(await page.getByText('Your plan updates in a moment.').isVisible()).toBe(true);
    // The webhook lands a moment later.
    setPlan(username, 'pro');
    await expect.poll(() => page.getByText('Welcome to Pro!').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Unlimited', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('says a cancelled checkout changed nothing', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signUp(context.request, uniqueName('browser'));
    await page.goto('/dashboard?checkout=cancelled');
    await toastShown(page, 'Checkout cancelled');
    await expect.poll(() => page.url()).toBe(`${baseUrl}/dashboard`);
    expect(await page.getByRole('button', { name: 'Upgrade' }).isVisible()).toBe(true);
    await context.close();
  });
});
