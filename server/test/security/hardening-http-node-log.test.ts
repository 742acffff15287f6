import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Row } from '../../core/db/row.js';
import { expectBaseHeaders, PERSON } from './security-headers.js';

describe('errors Node answers before Fastify runs', () => {
  it('a request whose headers are too large gets 431 with the envelope and the security headers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-431-'));
    const app = await buildApp({
      databaseUrl: `sqlite:${path.join(dir, 'x.db')}`,
      dataDir: dir,
      captcha: false,
      uiDir: path.join(dir, 'no-ui'),
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as net.AddressInfo).port;
      const raw = async (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          let data = '';
          socket.on('data', (chunk) => {
            data += chunk.toString();
          });
          socket.on('close', () => resolve(data));
          socket.on('error', (e: NodeJS.ErrnoException) =>
            e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(data) : reject(e),
          );
          socket.write(request);
        });
      const parse = (reply: string) => {
        const [head, body] = reply.split('\r\n\r\n');
        const [status, ...lines] = head.split('\r\n');
        return {
          status,
          headers: Object.fromEntries(
            lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
          ),
          body: JSON.parse(body) as Row,
        };
      };

      const big = parse(await raw(`GET ${PERSON} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`));
      expect(big.status).toMatch(/^HTTP\/1\.1 431 /);
      expect(big.body).toEqual({ code: 1002, message: '请求头过大', errorCode: 'HEADERS_TOO_LARGE' });
      expect(big.headers['content-type']).toMatch(/^application\/json/);
      expectBaseHeaders(big.headers, '431');

      const garbage = parse(await raw('NOT HTTP AT ALL\r\n\r\n'));
      expect(garbage.status).toMatch(/^HTTP\/1\.1 400 /);
      expect(garbage.body).toEqual({ code: 1002, message: '请求不是有效的 HTTP', errorCode: 'NOT_HTTP' });
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the request log', () => {
  it('writes no secret from the URL (refreshToken, token, password) to the log stream', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-log-'));
    const lines: string[] = [];
    const app = await buildApp({
      databaseUrl: `sqlite:${path.join(dir, 'x.db')}`,
      dataDir: dir,
      captcha: false,
      uiDir: path.join(dir, 'no-ui'),
      logger: { stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/admin/base/open/login',
        payload: { username: 'admin', password: '123456' },
      });
      const { refreshToken, token } = (login.json() as { data: Row }).data;
      await app.inject({
        method: 'GET',
        url: `/admin/base/open/refreshToken?refreshToken=${String(refreshToken)}&lang=en`,
      });
      await app.inject({
        method: 'GET',
        url: `/api/admin/base/open/refreshToken?refreshToken=${encodeURIComponent(String(refreshToken))}`,
      });
      await app.inject({
        method: 'GET',
        url: `/admin/base/comm/person?token=${String(token)}&password=Hunter-2-pw&access%5Ftoken=tok-xyz-1&keep=visible`,
      });
      const log = lines.join('');
      expect(log).toContain('refreshToken=******');
      expect(log).toContain('lang=en');
      expect(log).toContain('keep=visible');
      for (const secret of [String(refreshToken), String(token), 'Hunter-2-pw', 'tok-xyz-1'])
        expect(log).not.toContain(secret);
      // One line per request, written when it is answered: what was asked (method, URL) with how it ended.
      const completed = lines
        .map(
          (l) =>
            JSON.parse(l) as {
              msg: string;
              req?: { method: string; url: string };
              res?: { statusCode: number };
              responseTime?: number;
            },
        )
        .filter((l) => l.msg === 'request completed');
      expect(
        completed.map((l) => [l.req?.method, l.req?.url.split('?')[0], l.res?.statusCode, typeof l.responseTime]),
      ).toEqual([
        ['POST', '/admin/base/open/login', 200, 'number'],
        ['GET', '/admin/base/open/refreshToken', 200, 'number'],
        // The same refresh token again, just after its rotation (two tabs refreshing at once get the same session on),
        // and a token in the query rather than the header: refused.
        ['GET', '/admin/base/open/refreshToken', 200, 'number'],
        ['GET', '/admin/base/comm/person', 401, 'number'],
      ]);
      expect(lines.some((l) => l.includes('incoming request'))).toBe(false);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('at level warn writes no line for an answered request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-log-'));
    const lines: string[] = [];
    const app = await buildApp({
      databaseUrl: `sqlite:${path.join(dir, 'x.db')}`,
      dataDir: dir,
      captcha: false,
      uiDir: path.join(dir, 'no-ui'),
      logger: { stream: { write: (line: string) => void lines.push(line) }, level: 'warn' },
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/admin/base/open/login',
        payload: { username: 'admin', password: '123456' },
      });
      expect(login.statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/admin/product/info/page',
        headers: { authorization: String((login.json() as { data: Row }).data.token) },
        payload: { page: 1 },
      });
      expect(lines.filter((l) => l.includes('request completed'))).toEqual([]);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
