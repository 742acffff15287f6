import { randomBytes } from 'node:crypto';
import type { TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** What the plugin tests (plugin-*.test.ts) share: the install call with a package, as the plugin page sends it. */

export const INSTALL = '/admin/plugin/info/install';

export function multipart(
  parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer })[],
) {
  const boundary = `----joinery${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p)
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/zip\r\n\r\n`,
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    else
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function install(t: TestApp, token: string | undefined, archive: Buffer, force = false) {
  const { payload, headers } = multipart([
    { name: 'files', filename: 'shelf.joinery', content: archive },
    { name: 'force', value: String(force) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: INSTALL,
    payload,
    headers: { ...headers, ...(token ? { authorization: token } : {}) },
  });
  let body: Row = {};
  try {
    body = res.json() as Row;
  } catch {
    body = {};
  }
  return { status: res.statusCode, body, raw: res.body };
}

export const pluginRows = (t: TestApp) => t.rows('plugin_info');
export const permmenu = async (t: TestApp, token: string) =>
  (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as { menus: Row[]; perms: string[] };
