import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';

const LOGIN = '/admin/base/open/login';

/** JOINERY_ERROR_STATUS=original: what the original cool-admin-vue client needs to show the server's messages. */
describe('failures sent as the original server sends them (errorStatus: original)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp('sqlite', { errorStatus: 'original' });
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('a wrong password and a taken username reply 200 with code 1001 and the message, details included', async () => {
    const wrong = await t.call('POST', LOGIN, { body: { username: 'admin', password: 'nope' } });
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([200, 1001, '账户或密码不正确~']);
    const taken = await t.call('POST', '/admin/base/sys/user/add', {
      token: admin,
      body: { username: 'admin', password: 'Pw-x-1', name: 'x' },
      headers: { language: 'en' },
    });
    expect([taken.status, taken.body.code, taken.body.message]).toEqual([200, 1001, 'The username already exists']);
    expect(taken.body.details).toEqual([{ path: 'username', message: expect.any(String) }]);
    const invalid = await t.call('POST', '/admin/base/sys/user/add', {
      token: admin,
      body: { username: '', password: 'Pw-x-1' },
    });
    expect(invalid.status).toBe(200);
    expect(invalid.body.code).not.toBe(1000);
  });

  it('401 and 403 keep their status (the client signs out or shows its no-permission page), files keep theirs', async () => {
    expect((await t.call('POST', '/admin/base/sys/user/page', { body: {} })).status).toBe(401);
    const staff = await createStaff(t, admin, { username: 's_plain', menuIds: [] });
    const token = await t.login(staff.username, staff.password);
    expect((await t.call('POST', '/admin/base/sys/user/page', { token, body: {} })).status).toBe(403);
    expect((await t.call('GET', '/public/uploads/20200101/nothing.png')).status).toBe(404);
  });

  it('the operation log still judges a failure by its class: a refused visit report is logged though sent as 200', async () => {
    // The visit counter's successes are not logged (opLog: false), its failures are.
    const bad = await t.call('POST', '/admin/base/open/visit', { body: { visitorId: 42 } });
    expect([bad.status, bad.body.code]).toEqual([200, 1002]);
    await t.app.opLog.flush(); // the log is written in batches off the request path
    expect((await t.rows('base_sys_log')).filter((r) => r.action === '/admin/base/open/visit')).toHaveLength(1);
  });
});

describe('failures by default (errorStatus: http, PROTOCOL §0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(() => t.close());

  it('a wrong password is a 400 with the same envelope', async () => {
    const wrong = await t.call('POST', LOGIN, { body: { username: 'admin', password: 'nope' } });
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([400, 1001, '账户或密码不正确~']);
  });
});
