import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/harness.js';

/*
 * A body over a route's limit is refused before it is parsed, while the client is still sending it. The answer must
 * reach the client: a connection closed with the rest unread is reset, and fetch and browsers then report a network
 * error (EPIPE, ECONNRESET) instead of the 413 naming the limit — 13 of 20 fetches of 5 MB to createCode did.
 */
describe('a body over the limit, still being sent', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startApp('sqlite');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(() => t.close());

  it('gets the 413 in its language, and the connection takes the next request', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const errors: string[] = [];
    socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
    let text = '';
    const received = (what: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => (what.test(text) ? resolve() : undefined);
        socket.on('data', (d) => {
          text += d.toString('utf8');
          check();
        });
        socket.on('close', () => reject(new Error(`closed; received ${JSON.stringify(text.slice(0, 300))}`)));
        check();
      });
    const write = (chunk: string) =>
      new Promise<void>((resolve, reject) => socket.write(chunk, (e) => (e ? reject(e) : resolve())));
    const size = 3 * 1024 * 1024;
    const refused = received(/413[\s\S]*this route takes at most 8 KB/);
    await write(
      `POST /admin/base/open/login HTTP/1.1\r\nhost: x\r\nlanguage: en\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`,
    );
    const chunk = 'x'.repeat(64 * 1024);
    for (let sent = 0; sent < size; sent += chunk.length) await write(chunk);
    await refused;
    const next = received(/HTTP\/1\.1 200[\s\S]*$/);
    await write('GET /health HTTP/1.1\r\nhost: x\r\n\r\n');
    await next;
    socket.destroy();
    expect(errors).toEqual([]);
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
  });
});
