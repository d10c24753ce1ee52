/**
 * The ceiling for the API load bench: bare Fastify answering a small JSON object, no plugins, hooks,
 * database or logging, on the same machine and Node. Started by server-process.ts with PORT and HOST.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
