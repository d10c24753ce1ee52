import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** A Price object as `GET /v1/prices/:id` returns it (the fields the product reads, and a few around them). */
export function stripePrice(id: string, fields: { unit_amount: number | null; currency: string; recurring: { interval: string; interval_count: number } | null }) {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    livemode: false,
    product: 'prod_pro',
    type: fields.recurring ? 'recurring' : 'one_time',
    unit_amount_decimal: fields.unit_amount === null ? null : String(fields.unit_amount),
    ...fields,
    recurring: fields.recurring && { ...fields.recurring, usage_type: 'licensed', meter: null, trial_period_days: null },
  };
}

/** A local stand-in for api.stripe.com: the form-encoded calls the product makes, recorded. */
export async function startFakeStripeServer() {
  const requests: RecordedStripeRequest[] = [];
  /** The Prices `GET /v1/prices/:id` knows; others answer 404 as Stripe does. */
  const prices = new Map<string, object>([['price_pro', stripePrice('price_pro', { unit_amount: 1299, currency: 'eur', recurring: { interval: 'month', interval_count: 1 } })]]);
  const control = {
    /** While true, price lookups get no answer at all (a hung Stripe). */
    stallPrices: false,
    /**
     * How checkout and portal sessions are answered: as Stripe does; by closing the connection without an answer
     * (Stripe unreachable half-way); with Stripe's 500; or with the 400 Stripe gives for a price it does not know.
     */
    sessions: 'answer' as 'answer' | 'hang-up' | 'server-error' | 'unknown-price',
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url?.split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, form: new URLSearchParams(body) });
      res.setHeader('content-type', 'application/json');
      const session = req.method === 'POST' && (path === '/v1/checkout/sessions' || path === '/v1/billing_portal/sessions');
      if (session && control.sessions === 'hang-up') return req.socket.destroy();
      if (session && control.sessions === 'server-error') {
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on Stripe\'s end.' } }));
      }
      if (session && control.sessions === 'unknown-price') {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'line_items[0][price]', message: "No such price: 'price_pro'" } }));
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        return res.end(JSON.stringify({ id: 'cs_test_123', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_123' }));
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return res.end(JSON.stringify({ id: 'bps_123', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/bps_123' }));
      }
      const priceId = req.method === 'GET' ? /^\/v1\/prices\/([^/]+)$/.exec(path)?.[1] : undefined;
      if (priceId !== undefined) {
        if (control.stallPrices) return;
        const price = prices.get(decodeURIComponent(priceId));
        if (price) return res.end(JSON.stringify(price));
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'price', message: `No such price: '${priceId}'` } }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    prices,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
