import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** A local stand-in for api.stripe.com: the form-encoded calls the product makes, recorded. */
export async function startFakeStripeServer() {
  const requests: RecordedStripeRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url?.split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, form: new URLSearchParams(body) });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        return res.end(JSON.stringify({ id: 'cs_test_123', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_123' }));
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return res.end(JSON.stringify({ id: 'bps_123', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/bps_123' }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
