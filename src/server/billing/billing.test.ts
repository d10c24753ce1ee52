import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { startFakeStripeServer } from '../test-support/fake-stripe-server.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

const secret = 'whsec_test_secret';
const stripe = new Stripe('sk_test_123');

function signed(event: object) {
  const payload = JSON.stringify(event);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

const event = (id: string, type: string, object: object) => ({ id, object: 'event', type, api_version: '2025-01-01', created: 1, data: { object } });
const stripeEnv = (baseUrl: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PRICE_ID: 'price_pro',
  STRIPE_WEBHOOK_SECRET: secret,
  STRIPE_BASE_URL: baseUrl,
  PUBLIC_URL: 'https://reel.example.com',
});

describe.each(testDatabases())('billing with Stripe on $name', (database) => {
  let fake: Awaited<ReturnType<typeof startFakeStripeServer>>;
  let t: TestApp;
  let user: { cookie: string; userId: string };
  let email: string;
  // One app for the describe, a buyer of their own per test (the events and customers differ per test too).
  beforeAll(async () => {
    fake = await startFakeStripeServer();
    t = await createTestApp(database, { env: stripeEnv(fake.baseUrl) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    const username = uniqueName('buyer');
    email = `${username}@example.com`;
    user = await signUp(t.app, { username, email });
  });

  const webhook = (body: { payload: string; signature: string }) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': body.signature }, payload: body.payload });
  const plan = async () => (await t.db.selectFrom('users').select('subscription').where('id', '=', user.userId).executeTakeFirstOrThrow()).subscription;

  it('creates a subscription Checkout session for the signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_123' });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe('Bearer sk_test_123');
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      client_reference_id: user.userId,
      customer_email: email,
      success_url: 'https://reel.example.com/dashboard?checkout=success',
      cancel_url: 'https://reel.example.com/dashboard?checkout=cancelled',
    });
  });

  it('moves the user to pro on checkout, back to free when the subscription ends, once per event', async () => {
    const completed = signed(event('evt_1', 'checkout.session.completed', { object: 'checkout.session', client_reference_id: user.userId, customer: 'cus_1' }));
    expect((await webhook(completed)).statusCode).toBe(200);
    expect(await plan()).toBe('pro');

    const canceled = signed(event('evt_2', 'customer.subscription.updated', { object: 'subscription', customer: 'cus_1', status: 'canceled' }));
    expect((await webhook(canceled)).statusCode).toBe(200);
    expect(await plan()).toBe('free');

    // A replay of the first event changes nothing.
    const replay = await webhook(completed);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await plan()).toBe('free');

    await webhook(signed(event('evt_3', 'customer.subscription.updated', { object: 'subscription', customer: 'cus_1', status: 'active' })));
    expect(await plan()).toBe('pro');
    await webhook(signed(event('evt_4', 'customer.subscription.updated', { object: 'subscription', customer: 'cus_1', status: 'past_due' })));
    expect(await plan()).toBe('pro');
    await webhook(signed(event('evt_5', 'customer.subscription.deleted', { object: 'subscription', customer: 'cus_1', status: 'canceled' })));
    expect(await plan()).toBe('free');
    const audit = await t.db.selectFrom('subscriptionChanges').select(['toSubscription', 'source']).where('userId', '=', user.userId).orderBy('createdAt').execute();
    expect(audit.map((row) => row.toSubscription)).toEqual(['pro', 'free', 'pro', 'free']);
    expect(new Set(audit.map((row) => row.source))).toEqual(new Set(['stripe']));
  });

  /** The next plan change fails once inside the database (a transient fault at the audit insert), then works again. */
  async function failNextPlanChange(): Promise<void> {
    // The app is the file's: a test that fails before clearing the fault must not leave it to the next.
    onTestFinished(async () => {
      await clearFault();
    });
    if (database.name === 'sqlite') {
      await sql`create trigger fail_plan_change before insert on subscription_changes
        begin select raise(abort, 'injected fault'); end`.execute(t.db);
    } else {
      await sql`create or replace function fail_plan_change() returns trigger language plpgsql as $$
        begin raise exception 'injected fault'; end $$`.execute(t.db);
      await sql`create trigger fail_plan_change before insert on subscription_changes
        for each row execute function fail_plan_change()`.execute(t.db);
    }
  }
  const clearFault = () =>
    database.name === 'sqlite'
      ? sql`drop trigger if exists fail_plan_change`.execute(t.db)
      : sql`drop trigger if exists fail_plan_change on subscription_changes`.execute(t.db);

  it('applies an event whose first handling failed when Stripe delivers it again, and records it once', async () => {
    const completed = signed(event('evt_r', 'checkout.session.completed', { object: 'checkout.session', client_reference_id: user.userId, customer: 'cus_r' }));
    // Other tests' events share the table: it must gain exactly this one.
    const eventIds = async () => (await t.db.selectFrom('stripeEvents').select('id').execute()).map((row) => row.id).sort();
    const eventsBefore = await eventIds();
    await failNextPlanChange();
    const failed = await webhook(completed);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).not.toMatch(/injected/);
    expect(await plan()).toBe('free');
    expect(await eventIds()).toEqual(eventsBefore);

    await clearFault();
    const retry = await webhook(completed);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ received: true });
    expect(await plan()).toBe('pro');
    const stored = await t.db.selectFrom('users').select('stripeCustomerId').where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(stored.stripeCustomerId).toBe('cus_r');

    // A true duplicate after success is acknowledged and applies nothing twice.
    expect((await webhook(completed)).json()).toEqual({ received: true, duplicate: true });
    expect(await eventIds()).toEqual([...eventsBefore, 'evt_r'].sort());
    const audit = await t.db.selectFrom('subscriptionChanges').select('toSubscription').where('userId', '=', user.userId).execute();
    expect(audit).toEqual([{ toSubscription: 'pro' }]);
  });

  it('refuses a webhook with a bad or missing signature in its own words, not the SDK’s, and changes nothing', async () => {
    const body = signed(event('evt_9', 'checkout.session.completed', { object: 'checkout.session', client_reference_id: user.userId, customer: 'cus_9' }));
    const refused = { status: 400, body: { message: 'Webhook signature verification failed' } };
    const answer = async (response: Awaited<ReturnType<typeof webhook>>) => ({ status: response.statusCode, body: response.json() });
    expect(await answer(await webhook({ payload: body.payload.replace('cus_9', 'cus_8'), signature: body.signature }))).toEqual(refused);
    expect(await answer(await webhook({ payload: body.payload, signature: 't=1,v1=deadbeef' }))).toEqual(refused);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: body.payload });
    expect(await answer(unsigned)).toEqual(refused);
    expect(await plan()).toBe('free');
  });

  it('refuses a signed event it acts on whose data is missing or malformed (400, not recorded, so a good delivery still applies); acknowledges other types whatever their data', async () => {
    const malformed = { status: 400, body: { message: 'Webhook event is malformed: its data does not match its type' } };
    const answer = async (payload: object | null) => {
      const response = await webhook(signed(payload as object));
      return { status: response.statusCode, body: response.json() };
    };
    const acted = ['checkout.session.completed', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.payment_failed'];
    for (const type of acted) {
      for (const data of [null, {}, { object: null }]) {
        expect(await answer({ ...event('evt_m', type, {}), data }), `${type} with data ${JSON.stringify(data)}`).toEqual(malformed);
      }
    }
    expect(await answer({ ...event('evt_m', 'customer.subscription.updated', {}), data: { object: { customer: 'cus_m', status: 7 } } })).toEqual(malformed);
    expect(await answer(null)).toEqual(malformed);
    expect(await answer({ id: 'evt_m', object: 'event' })).toEqual(malformed);
    expect(await t.db.selectFrom('stripeEvents').select('id').where('id', '=', 'evt_m').execute()).toEqual([]);

    // A type PromptReel does not act on is acknowledged as Stripe expects, whatever its data.
    expect(await answer({ ...event('evt_n', 'invoice.created', {}), data: null })).toEqual({ status: 200, body: { received: true } });
    // Stripe's delivery of the same event with its data applies it.
    const good = event('evt_m', 'checkout.session.completed', { object: 'checkout.session', client_reference_id: user.userId, customer: 'cus_m' });
    expect(await answer(good)).toEqual({ status: 200, body: { received: true } });
    expect(await plan()).toBe('pro');
  });

  it('answers 503 with a plain message when Stripe cannot be reached or fails, and serves again once it is back', async () => {
    onTestFinished(() => {
      fake.control.sessions = 'answer';
    });
    // A Stripe customer, so the billing portal has something to open.
    await webhook(signed(event('evt_u', 'checkout.session.completed', { object: 'checkout.session', client_reference_id: user.userId, customer: 'cus_u' })));
    const unavailable = { status: 503, body: { message: 'Payments are unavailable right now. Please try again in a few minutes.' } };
    const attempt = async (app: TestApp['app'], url: string, cookie: string) => {
      const response = await app.inject({ method: 'POST', url, headers: { cookie } });
      return { status: response.statusCode, body: response.json() };
    };
    for (const failure of ['hang-up', 'server-error', 'unknown-price'] as const) {
      fake.control.sessions = failure;
      for (const url of ['/api/create-checkout-session', '/api/billing-portal']) expect(await attempt(t.app, url, user.cookie), `${failure}: ${url}`).toEqual(unavailable);
    }

    // Nothing listens where Stripe should be: the connection is refused.
    const down = await startFakeStripeServer();
    await down.close();
    const offline = await createTestApp(database, { env: stripeEnv(down.baseUrl) });
    try {
      const buyer = await signUp(offline.app, { username: uniqueName('offline') });
      expect(await attempt(offline.app, '/api/create-checkout-session', buyer.cookie)).toEqual(unavailable);
    } finally {
      await offline.close();
    }

    fake.control.sessions = 'answer';
    expect(await attempt(t.app, '/api/create-checkout-session', user.cookie)).toEqual({ status: 200, body: { url: 'https://checkout.stripe.com/c/pay/cs_test_123' } });
  });

  it('opens the billing portal for a Stripe customer', async () => {
    await webhook(signed(event('evt_p', 'checkout.session.completed', { object: 'checkout.session', client_reference_id: user.userId, customer: 'cus_p' })));
    const response = await t.app.inject({ method: 'POST', url: '/api/billing-portal', headers: { cookie: user.cookie } });
    expect(response.json()).toEqual({ url: 'https://billing.stripe.com/p/session/bps_123' });
    expect(Object.fromEntries(fake.requests.at(-1)!.form)).toEqual({ customer: 'cus_p', return_url: 'https://reel.example.com/dashboard' });
  });
});
