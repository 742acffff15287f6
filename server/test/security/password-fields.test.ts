import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { verifyPassword } from '../../core/auth/password.js';
import type { Row } from '../../core/db/row.js';

describe.each(DIALECTS)('password fields (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('stores a member password as a hash, never as typed, and never sends it back', async () => {
    const add = await t.call('POST', '/admin/user/info/add', {
      token,
      body: { nickName: 'Lin', phone: '13800000999', password: 'hunter22' },
    });
    expect(add.status, add.raw).toBe(200);
    const id = Number((add.body.data as Row).id);
    const stored = (await t.rows('user_info')).find((r) => Number(r.id) === id)!;
    expect(stored.password).not.toBe('hunter22');
    expect(String(stored.password)).toMatch(/^scrypt\$/);
    expect(await verifyPassword('hunter22', String(stored.password))).toBe(true);
    const info = await t.call('GET', '/admin/user/info/info', { token, query: { id: String(id) } });
    expect(info.raw).not.toContain('scrypt$');
    expect((info.body.data as Row).password).toBeUndefined();

    const update = await t.call('POST', '/admin/user/info/update', { token, body: { id, password: 'correct-horse' } });
    expect(update.status, update.raw).toBe(200);
    const after = (await t.rows('user_info')).find((r) => Number(r.id) === id)!;
    expect(await verifyPassword('correct-horse', String(after.password))).toBe(true);
  });

  it('an admin user added with a password can sign in with it', async () => {
    const add = await t.call('POST', '/admin/base/sys/user/add', {
      token,
      body: { username: 'joiner', name: 'Joiner', password: 'plane-123', roleIdList: [1] },
    });
    expect(add.status, add.raw).toBe(200);
    expect(await t.login('joiner', 'plane-123')).toMatch(/\./);
    const stored = (await t.rows('base_sys_user')).find((r) => r.username === 'joiner')!;
    expect(String(stored.password)).toMatch(/^scrypt\$/);
  });
});
