import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableError } from '../../core/db/db-errors.js';
import { SERVER_DIALECTS, skippedWithoutServerDialects, startApp, type TestApp } from '../support/harness.js';
import { type Side, sideConnection } from '../processes/side-connection.js';
import { until } from '../processes/server-process.js';

type Row = Record<string, unknown>;

/**
 * A staff write that meets another transaction in a deadlock (server/core/db/contention.ts): the database rolls one
 * of them back, and Joinery runs the staff member's write again instead of answering 500 — with nothing of the
 * rolled-back run left behind (one recycle-bin record, one history entry per record).
 */
describe.each(SERVER_DIALECTS)('a write that meets another in a deadlock (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let raw: Side;
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
    raw = await sideConnection(t);
    await raw.query('create table deadlock_ballast (id int primary key)');
  }, 60_000);
  afterAll(async () => {
    await raw?.end();
    await t?.close();
  });

  const add = async (title: string) => {
    const r = await t.call('POST', '/admin/product/material/add', { token, body: { title, type: 1 } });
    expect(r.status, r.raw).toBe(200);
    return Number((r.body.data as { id: number }).id);
  };

  it('a batch delete chosen as the deadlock victim is run again and answers 200', async () => {
    const x = await add('樱桃木 deadlock x');
    const y = await add('樱桃木 deadlock y');
    const binBefore = (await t.rows('recycle_data')).length;

    // The other transaction holds y and has written more than the delete will have (so MySQL, which rolls back the
    // lighter of the two, picks the delete; PostgreSQL picks the one whose check runs first: the delete, waiting first).
    await raw.query('begin');
    await raw.query(
      `insert into deadlock_ballast (id) values ${Array.from({ length: 40 }, (_, i) => `(${i})`).join(',')}`,
    );
    await raw.query(`select id from product_material where id = ${y} for update`);
    // The delete locks its rows in id order: x, then waits for y.
    const deleting = t.call('POST', '/admin/product/material/delete', { token, body: { ids: [x, y] } });
    await until(10_000, 'the delete waiting for y', async () => (await raw.waiting()).length > 0);
    // Now the other transaction asks for x, which the delete holds: a deadlock.
    await raw.query(`select id from product_material where id = ${x} for update`);
    await raw.query('rollback');

    const r = await deleting;
    expect(r.status, r.raw).toBe(200);
    expect(r.body).toEqual({ code: 1000, message: 'success' });
    const left = (await t.rows('product_material')).map((m) => Number(m.id));
    expect(left).not.toContain(x);
    expect(left).not.toContain(y);
    const bin = (await t.rows('recycle_data')).slice(binBefore);
    expect(bin).toHaveLength(1);
    expect(Number(bin[0].count)).toBe(2);
    const history = (await t.rows('base_sys_history')).filter(
      (h: Row) => h.entityPrefix === 'product/material' && [x, y].includes(Number(h.recordId)) && h.action === 'delete',
    );
    expect(history.map((h) => Number(h.recordId)).sort()).toEqual([x, y].sort());
  }, 60_000);

  it('the database’s deadlock error, met on every attempt, is answered 503 in the caller’s language, saying nothing was saved', async () => {
    // The database's own deadlock error, between two transactions of the test's.
    const other = await sideConnection(t);
    const a = await add('deadlock a');
    const b = await add('deadlock b');
    let error: unknown;
    try {
      await raw.query('begin');
      await other.query('begin');
      await raw.query(
        `insert into deadlock_ballast (id) values ${Array.from({ length: 40 }, (_, i) => `(${i + 100})`).join(',')}`,
      );
      await raw.query(`select id from product_material where id = ${a} for update`);
      await other.query(`select id from product_material where id = ${b} for update`);
      const blocked = other.query(`select id from product_material where id = ${a} for update`).catch((e) => e);
      await until(10_000, 'the second transaction waiting', async () => (await raw.waiting()).length > 0);
      const second = await raw.query(`select id from product_material where id = ${b} for update`).catch((e) => e);
      error = (await blocked) instanceof Error ? await blocked : second;
    } finally {
      await raw.query('rollback').catch(() => undefined);
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
    expect(error).toBeInstanceOf(Error);
    const answer = unavailableError(error);
    expect(answer.statusCode).toBe(503);
    expect(answer.messageIn('zh-cn')).toContain('未保存任何内容');
    expect(answer.messageIn('en')).toContain('nothing was saved');
    expect(answer.messageIn('zh-tw')).toContain('未儲存任何內容');
  }, 60_000);
});

skippedWithoutServerDialects();
