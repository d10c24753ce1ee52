import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPage, uniqueName } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const root = path.resolve(import.meta.dirname, '..');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
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
    await page.getByRole('option', { name: 'Pro' }).click();
    await toastShown(page, 'Subscription updated');
    expect(await page.getByText('User subscription has been changed successfully.').isVisible()).toBe(true);
    await expect.poll(() => statValue(page, 'Pro Users')).toBe(proBefore + 1);
    await expect.poll(() => freeValue(page)).toBe(freeBefore - 1);
    await expect.poll(() => row.locator('[data-slot="badge"]').innerText()).toBe('Pro');

    await search.fill('no-such-user-anywhere');
    await expect.poll(() => page.getByText('No users found').isVisible()).toBe(true);
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
    // The toast from the switch would cover the header in the picture.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByText('Subscription updated', { exact: true }).count()).toBe(0);
    await keepScreenshot(page, 'admin-390');

    // The same change back, by keyboard alone.
    await planSelect(page, target).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('option', { name: 'Free' }).isVisible()).toBe(true);
    await page.getByRole('option', { name: 'Free' }).focus();
    await page.keyboard.press('Enter');
    await toastShown(page, 'Subscription updated');
    await expect.poll(() => statValue(page, 'Pro Users')).toBe(proBefore);
    await expect.poll(() => freeValue(page)).toBe(freeBefore);
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
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth');
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
  it('says checkout could not start when payments are not configured', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signUp(context.request, uniqueName('saver'));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await toastShown(page, 'Error');
    expect(await page.getByText('Failed to start checkout.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
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
