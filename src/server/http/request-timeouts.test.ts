import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';

const defaultDatabase = sqliteDatabase;
/** Open test connections, so a failing case cannot keep the server from closing. */
const sockets = new Set<net.Socket>();

/**
 * Writes `head`, then `chunk` every `everyMs` (`count` times, or until the server hangs up), over a raw
 * socket to the listening server; resolves with everything the server answered once it closed the connection.
 */
async function exchange(port: number, head: string, { chunk, everyMs, count }: { chunk: Buffer; everyMs: number; count?: number }): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  sockets.add(socket);
  let answer = '';
  socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
  socket.on('error', () => undefined); // writes after the server cut us off
  await once(socket, 'connect');
  socket.write(head);
  let sent = 0;
  const timer = setInterval(() => {
    if (count !== undefined && sent >= count) return clearInterval(timer);
    sent += 1;
    if (!socket.destroyed) socket.write(chunk);
  }, everyMs);
  await once(socket, 'close');
  clearInterval(timer);
  return answer;
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const messageOf = (answer: string) => (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { message: string }).message;

describe('request timeouts on a listening server (issue 13)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // Small so the test is quick: a JSON body gets half a second; an upload must bring 1 KiB every half second.
    t = await createTestApp(defaultDatabase, { env: { REQUEST_TIMEOUT_SECONDS: '0.5', UPLOAD_MIN_BYTES_PER_SECOND: '1024' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.close();
  });

  const uploadTicket = async () => {
    const { cookie, userId } = await signUp(t.app, { username: `uploader-${Math.random().toString(36).slice(2, 8)}` });
    const issued = await t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { cookie } });
    return { cookie, userId, path: new URL(issued.json().uploadURL as string).pathname };
  };

  it('answers 408 and hangs up on a JSON body that trickles in (1 byte at a time of a declared 100 kB)', async () => {
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const answer = await exchange(port, head, { chunk: Buffer.from(' '), everyMs: 100 });
    expect(statusOf(answer)).toBe(408);
    expect(messageOf(answer)).toBe('The request took too long to arrive. Please try again.');
  }, 20_000);

  it('answers 408 and hangs up on an upload slower than the minimum rate', async () => {
    const { cookie, path } = await uploadTicket();
    const head = `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: video/mp4\r\nContent-Length: 100000\r\n\r\n`;
    const answer = await exchange(port, head, { chunk: Buffer.alloc(16), everyMs: 100 });
    expect(statusOf(answer)).toBe(408);
    expect(messageOf(answer)).toBe('The request took too long to arrive. Please try again.');
  }, 20_000);

  it('lets a steady upload take many times the JSON deadline', async () => {
    const { cookie, userId, path } = await uploadTicket();
    const chunk = Buffer.alloc(4096, 7);
    const count = 40; // 160 KiB over about 2 s: four JSON deadlines, always above 1 KiB per half second
    const head = `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: video/mp4\r\nContent-Length: ${chunk.length * count}\r\nConnection: close\r\n\r\n`;
    const answer = await exchange(port, head, { chunk, everyMs: 50, count });
    expect(statusOf(answer)).toBe(200);
    expect(messageOf(answer)).toBe('Uploaded');
    const upload = await t.db.selectFrom('uploads').select(['status', 'sizeBytes']).where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(upload).toEqual({ status: 'uploaded', sizeBytes: chunk.length * count });
  });

  // A refusal answered while the body is still unread must end the connection: kept alive, it hung for 73 s
  // (Chromium showed "Maximum file size is 20MB" only then) while the client went on sending a file nobody reads.
  it.each([
    ['413 by its Content-Length (the limit is 100 MB)', 'video/mp4', 150 * 1024 * 1024, true, 413],
    ['415 for a type the ticket does not take', 'text/plain', 100_000, true, 415],
    ['404 on an unknown ticket', 'video/mp4', 100_000, false, 404],
  ] as const)('answers a refused upload (%s) with Connection: close and hangs up', async (_case, type, length, realTicket, status) => {
    const { cookie, path } = await uploadTicket();
    const target = realTicket ? path : `/api/videos/uploads/${'x'.repeat(32)}`;
    const head = `PUT ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: ${type}\r\nContent-Length: ${String(length)}\r\n\r\n`;
    const answer = await exchange(port, head, { chunk: Buffer.alloc(4096, 1), everyMs: 20 });
    expect(statusOf(answer)).toBe(status);
    const headers = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
    expect(headers).toContain('\r\nconnection: close');
    // One answer: the refusal itself, not a time-out that closed the connection later.
    expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
  }, 20_000);
});
