import type { TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { multipart as formBody } from '../support/multipart.js';

/** What the plugin tests (plugin-*.test.ts) share: the install call with a package, as the plugin page sends it. */

export const INSTALL = '/admin/plugin/info/install';

export async function install(t: TestApp, token: string | undefined, archive: Buffer, force = false) {
  const { payload, headers } = formBody([
    { name: 'files', filename: 'shelf.joinery', content: archive, type: 'application/zip' },
    { name: 'force', value: String(force) },
  ]);
  return t.call('POST', INSTALL, { token, body: payload, headers });
}

export const pluginRows = (t: TestApp) => t.rows('plugin_info');
export const permmenu = async (t: TestApp, token: string) =>
  (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as { menus: Row[]; perms: string[] };
