import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createPayments } from '../providers/payments/index.ts';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { startFakeStripeServer, stripePrice } from '../test-support/fake-stripe-server.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { createPlanPrice } from './plan-price.ts';

const database = sqliteDatabase;
const logger = createLogger({ logLevel: 'silent' });
const stripeEnv = (baseUrl: string) => ({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PRICE_ID: 'price_pro', STRIPE_BASE_URL: baseUrl });

async function plans(env: Record<string, string>) {
  const t = await createTestApp(database, { env });
  try {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/plans' });
    return { status: response.statusCode, body: response.json() };
  } finally {
    await t.close();
  }
}

describe('GET /api/billing/plans', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripeServer>>;
  beforeAll(async () => {
    fake = await startFakeStripeServer();
  });
  afterAll(() => fake.close());

  it('gives the Stripe price of the Pro plan without a session', async () => {
    const response = await plans({ ...stripeEnv(fake.baseUrl), PRO_PRICE: '9.99 USD/month' });
    expect(response).toEqual({ status: 200, body: { pro: { price: { unitAmount: 1299, currency: 'eur', interval: 'month', intervalCount: 1 } } } });
    const lookup = fake.requests.at(-1)!;
    expect(lookup).toMatchObject({ method: 'GET', path: '/v1/prices/price_pro', authorization: 'Bearer sk_test_123' });
  });

  it('gives PRO_PRICE without Stripe, and no price with neither', async () => {
    expect((await plans({ PRO_PRICE: '9.99 USD/month' })).body).toEqual({ pro: { price: { unitAmount: 999, currency: 'usd', interval: 'month', intervalCount: 1 } } });
    expect(await plans({})).toEqual({ status: 200, body: { pro: { price: null } } });
  });

  it('falls back to PRO_PRICE (or no price) when Stripe is down or does not know the price', async () => {
    const down = await startFakeStripeServer();
    await down.close();
    expect((await plans({ ...stripeEnv(down.baseUrl), PRO_PRICE: '90 USD/year' })).body).toEqual({
      pro: { price: { unitAmount: 9000, currency: 'usd', interval: 'year', intervalCount: 1 } },
    });
    expect((await plans(stripeEnv(down.baseUrl))).body).toEqual({ pro: { price: null } });
    expect((await plans({ ...stripeEnv(fake.baseUrl), STRIPE_PRICE_ID: 'price_gone' })).body).toEqual({ pro: { price: null } });
  });
});

describe('createPlanPrice', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripeServer>>;
  beforeAll(async () => {
    fake = await startFakeStripeServer();
  });
  afterAll(() => fake.close());

  const payments = () => createPayments(loadConfig(stripeEnv(fake.baseUrl)));
  const lookups = () => fake.requests.filter((request) => request.path === '/v1/prices/price_pro').length;
  const configured = { unitAmount: 500, currency: 'usd', interval: 'month', intervalCount: 1 } as const;

  it('asks Stripe once per cache period, sharing one lookup among concurrent callers', async () => {
    let clock = 0;
    const source = createPlanPrice({ payments: payments(), configured: null, logger, cacheMs: 1000, now: () => clock });
    const before = lookups();
    const [first, second] = await Promise.all([source.current(), source.current()]);
    expect(first).toEqual({ unitAmount: 1299, currency: 'eur', interval: 'month', intervalCount: 1 });
    expect(second).toEqual(first);
    clock = 999;
    await source.current();
    expect(lookups() - before).toBe(1);
    clock = 1000;
    fake.prices.set('price_pro', stripePrice('price_pro', { unit_amount: 2400, currency: 'usd', recurring: { interval: 'month', interval_count: 3 } }));
    expect(await source.current()).toEqual({ unitAmount: 2400, currency: 'usd', interval: 'month', intervalCount: 3 });
    expect(lookups() - before).toBe(2);
  });

  it('shows PRO_PRICE for a price with no fixed recurring amount', async () => {
    fake.prices.set('price_pro', stripePrice('price_pro', { unit_amount: null, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } }));
    expect(await createPlanPrice({ payments: payments(), configured, logger }).current()).toEqual(configured);
    fake.prices.set('price_pro', stripePrice('price_pro', { unit_amount: 999, currency: 'usd', recurring: null }));
    expect(await createPlanPrice({ payments: payments(), configured, logger }).current()).toEqual(configured);
  });

  it('gives up on a Stripe that does not answer within the time limit, and waits before asking again', async () => {
    fake.control.stallPrices = true;
    let clock = 0;
    const source = createPlanPrice({ payments: payments(), configured, logger, timeoutMs: 1000, retryMs: 5000, now: () => clock });
    const before = lookups();
    expect(await source.current()).toEqual(configured);
    clock = 4999;
    expect(await source.current()).toEqual(configured);
    expect(lookups() - before).toBe(1);
    fake.control.stallPrices = false;
    fake.prices.set('price_pro', stripePrice('price_pro', { unit_amount: 1500, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } }));
    clock = 5000;
    expect(await source.current()).toEqual({ unitAmount: 1500, currency: 'usd', interval: 'month', intervalCount: 1 });
  });
});
