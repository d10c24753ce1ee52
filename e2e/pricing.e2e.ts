import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, keepScreenshot, newPage, uniqueName } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const PASSWORD = 'pricing-password';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs up through the API from inside a browser context, so the session cookie lands in it. */
async function signUp(request: APIRequestContext, username: string): Promise<void> {
  const response = await request.post('/api/auth/signup', { data: { username, password: PASSWORD } });
  expect(response.status(), await response.text()).toBeLessThan(300);
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

async function pricingShown(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Plans and pricing' }).isVisible()).toBe(true);
}

const proCard = (page: Page) => page.getByRole('region', { name: 'Pro' });
const freeCard = (page: Page) => page.getByRole('region', { name: 'Free' });

/** The page is as wide as the screen: nothing scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// The e2e server has PRO_PRICE=9.99 USD/month and no Stripe (e2e/support/global-setup.ts).
describe('the pricing page', () => {
  it('shows a visitor both plans and the Pro price; Upgrade asks them to log in and brings them back', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const username = uniqueName('shopper');
    const other = await browser.newContext({ baseURL: baseUrl });
    await signUp(other.request, username);
    await other.close();

    await page.goto('/pricing');
    await pricingShown(page);
    await expect.poll(() => proCard(page).getByText('$9.99').isVisible()).toBe(true);
    expect(await proCard(page).getByText('per month').isVisible()).toBe(true);
    for (const text of ['Unlimited generations', 'No watermark', '4K export', 'Free AI tools']) {
      expect(await proCard(page).getByText(text).isVisible(), text).toBe(true);
    }
    for (const text of ['200 credits when you sign up', '“Made with PromptReel” watermark', 'no 4K', 'AI tools cost credits']) {
      expect(await freeCard(page).getByText(text).isVisible(), text).toBe(true);
    }
    await keepScreenshot(page, 'pricing-1440');

    // Keyboard only: Tab reaches Upgrade and Enter follows it.
    for (let presses = 0; presses < 20; presses += 1) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Upgrade') break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Upgrade');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/pricing');

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await expect.poll(() => freeCard(page).getByText('Your current plan').isVisible()).toBe(true);
    expect(await proCard(page).getByRole('button', { name: 'Upgrade' }).isVisible()).toBe(true);
    await context.close();
  });

  it('starts Checkout for a free user, and says so when payments are not configured', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signUp(context.request, uniqueName('saver'));
    await page.goto('/pricing');
    await pricingShown(page);
    await proCard(page).getByRole('button', { name: 'Upgrade' }).click();
    await expect.poll(() => page.getByText('Error', { exact: true }).isVisible()).toBe(true);
    // The server's own words (issue 25, item 14), not a generic "Failed to start checkout."
    expect(await page.getByText('Payments are not configured').isVisible()).toBe(true);
    expect(await page.getByText('Failed to start checkout.').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await context.close();
  });

  it('tells a Pro user they are on Pro and offers Manage subscription instead of Upgrade', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const username = uniqueName('patron');
    await signUp(context.request, username);
    setPlan(username, 'pro');
    await page.goto('/pricing');
    await pricingShown(page);
    await expect.poll(() => proCard(page).getByText('You’re on Pro').isVisible()).toBe(true);
    expect(await proCard(page).getByRole('button', { name: 'Manage subscription' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upgrade' }).count()).toBe(0);
    await context.close();
  });

  it('is reached from the landing page, the dashboard’s plan badge and See plans beside Upgrade', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await pricingShown(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'See plans and pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await pricingShown(page);

    await signUp(context.request, uniqueName('climber'));
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Free plan: see plans' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await pricingShown(page);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'See plans', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await pricingShown(page);
    await context.close();
  });

  it('fits a 390 px phone, signed out and on the free plan, with the dashboard header on one row', async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 390, height: 844 });
    await page.goto('/pricing');
    await pricingShown(page);
    await expect.poll(() => proCard(page).getByText('$9.99').isVisible()).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'pricing-390');

    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'Get Started' }).first().isVisible()).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    // The header has no room for it on a phone; the closing call to action links to the plans.
    await page.getByRole('link', { name: 'See plans and pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');

    await signUp(context.request, uniqueName('pocket'));
    await page.goto('/pricing');
    await expect.poll(() => proCard(page).getByRole('button', { name: 'Upgrade' }).isVisible()).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'pricing-free-390');

    // On a phone the plan badge is the way there, and the header keeps Upgrade beside the logo.
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('link', { name: 'Free plan: see plans' }).isVisible()).toBe(true);
    const logo = await page.getByRole('link', { name: 'PromptReel' }).boundingBox();
    const upgrade = await page.getByRole('button', { name: 'Upgrade' }).boundingBox();
    expect(Math.abs((upgrade?.y ?? 0) + (upgrade?.height ?? 0) / 2 - ((logo?.y ?? 0) + (logo?.height ?? 0) / 2))).toBeLessThan(8);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'dashboard-plans-390');
    await context.close();
  });

  it('still works when the price is unknown or cannot be loaded', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    // Neither Stripe nor PRO_PRICE gives a price.
    await page.route('**/api/billing/plans', (route) => route.fulfill({ json: { pro: { price: null } } }));
    await page.goto('/pricing');
    await pricingShown(page);
    await expect.poll(() => proCard(page).getByText('The price is shown at checkout, before you pay.').isVisible()).toBe(true);
    // The card's action waits for the visitor's session (GET /api/auth/me), which may answer after the price.
    await expect.poll(() => proCard(page).getByRole('link', { name: 'Upgrade' }).isVisible()).toBe(true);

    await page.unroute('**/api/billing/plans');
    await page.route('**/api/billing/plans', (route) => route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }));
    await page.reload();
    await expect.poll(() => proCard(page).getByRole('alert').isVisible()).toBe(true);
    expect(await proCard(page).getByRole('alert').innerText()).toContain('Couldn’t load the price.');
    await page.unroute('**/api/billing/plans');
    await proCard(page).getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => proCard(page).getByText('$9.99').isVisible()).toBe(true);
    await context.close();
  });
});
