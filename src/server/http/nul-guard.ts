import type { FastifyInstance } from 'fastify';

const REFUSED = 'The request contains a control character (such as NUL or ESC), which no field may hold.';
/**
 * C0 controls and DEL that no text of ours means. Tab, line feed and carriage return stay: prompts and
 * captions hold lines. U+0000 matters most: PostgreSQL cannot store it in text (it answered 500 where SQLite
 * stored it).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's job
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Any C0 control or DEL written into a path, query string or cookie, in either case of its hex digits. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

function holdsControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  // JSON bodies are small (bodyLimit) and shallow; the bound keeps a crafted one from recursing without end.
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsControl(item, depth + 1));
  return Object.entries(value).some(([key, item]) => CONTROL.test(key) || holdsControl(item, depth + 1));
}

/**
 * Refuses control characters at the edge with 400, in the URL, the cookies and JSON bodies, before any handler
 * or database sees them, the same on both databases. Binary bodies (the media PUTs) are not JSON and are not
 * read here.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // Cookies are URL-decoded too (the session cookie is looked up in the database).
    const encoded = [request.url, request.headers.cookie ?? ''];
    if (encoded.some((text) => ENCODED_CONTROL.test(text) || CONTROL.test(text))) return reply.status(400).send({ message: REFUSED });
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.headers['content-type']?.includes('json') && holdsControl(request.body)) return reply.status(400).send({ message: REFUSED });
  });
}
