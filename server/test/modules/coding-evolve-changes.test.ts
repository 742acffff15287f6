import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';
import { evolveSuite, FIELDS, label, proposal, withField } from './coding-evolve-suite.js';

describe.each(DIALECTS)('AI-code: evolving an entity with rows, by its change plan (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let current = FIELDS;
  const { call, plan, apply, page } = evolveSuite(dialect, {
    get: () => t,
    set: (app, token) => {
      t = app;
      admin = token;
    },
  });

  it('integer → string: the plan says every row converts; applied, the values are the same text', async () => {
    current = withField('code', { type: 'string', length: 20 });
    const p = await plan(current);
    expect(p.rows).toBe(2);
    expect(p.changes).toEqual([
      expect.objectContaining({
        kind: 'retype',
        field: 'code',
        type: { from: 'integer', to: 'string(20)' },
        rows: 2,
        convert: 2,
        fail: 0,
        samples: [
          { id: 1, value: 250, to: '250' },
          { id: 2, value: 7, to: '7' },
        ],
      }),
    ]);
    expect(p.changes[0].choices).toBeUndefined();
    const r = await apply(current);
    expect(r.status, r.raw).toBe(200);
    expect((await page()).map((x) => x.code)).toEqual(['250', '7']);
    // A code with a leading zero is now kept as written.
    const added = await call('POST', '/admin/evo/item/add', { token: admin, body: { title: 'Zip', code: '010020' } });
    expect(added.status, added.raw).toBe(200);
    expect((await page()).map((x) => x.code)).toEqual(['250', '7', '010020']);
    await call('POST', '/admin/evo/item/delete', { token: admin, body: { ids: [(added.body.data as Row).id] } });
  });

  it('integer → money needs a choice: without one 409 and nothing changes; "yuan" keeps 250 as ¥250.00', async () => {
    const next = current.map((f) => (f.name === 'price' ? { ...f, type: 'money' } : f));
    const p = await plan(next);
    const change = p.changes.find((c) => c.field === 'price')!;
    expect(change.choices).toEqual(['yuan', 'cents', 'refuse']);
    expect(change.samples[0]).toEqual({ id: 1, value: 250, to: { yuan: 25000, cents: 250 } });
    const refused = await apply(next);
    expect([refused.status, (refused.body.details as Row[]).map((d) => d.path)]).toEqual([409, ['fields.price']]);
    expect((await page()).map((x) => x.price)).toEqual([250, 3]);
    const r = await apply(next, { choices: { price: 'yuan' } });
    expect(r.status, r.raw).toBe(200);
    expect((await page()).map((x) => x.price)).toEqual([25000, 300]);
    current = next;
  });

  it('a shorter length lists the rows that do not fit; refuse changes nothing; convert shortens and keeps the old text', async () => {
    const next = current.map((f) => (f.name === 'title' ? { ...f, length: 10 } : f));
    const p = await plan(next);
    const change = p.changes.find((c) => c.field === 'title')!;
    expect([change.type, change.convert, change.fail, change.choices]).toEqual([
      { from: 'string(50)', to: 'string(10)' },
      1,
      1,
      ['convert', 'refuse'],
    ]);
    expect(change.failing).toEqual([{ id: 2, value: 'A very long title for a pine table', reason: 'longer than 10' }]);
    for (const choices of [{}, { title: 'refuse' }]) {
      const r = await apply(next, { choices });
      expect(r.status, r.raw).toBe(409);
      expect((r.body.details as Row[])[0]).toMatchObject({ path: 'fields.title' });
      expect(String((r.body.details as Row[])[0].message)).toContain('#2');
    }
    expect((await page()).map((x) => x.title)).toEqual(['Oak chair', 'A very long title for a pine table']);
    const r = await apply(next, { choices: { title: 'convert' } });
    expect(r.status, r.raw).toBe(200);
    expect((await page()).map((x) => x.title)).toEqual(['Oak chair', 'A very lon']);
    const kept = await call('GET', '/admin/base/coding/kept', {
      token: admin,
      query: { prefix: 'evo/item', field: 'title' },
    });
    expect((kept.body.data as { values: Row[] }).values).toMatchObject([
      { field: 'title', rowId: 2, value: 'A very long title for a pine table', reason: 'converted' },
    ]);
    current = next;
  });

  it('a dropped field: the plan counts its values; they are kept after the apply until purged', async () => {
    const next = current.filter((f) => f.name !== 'note');
    const p = await plan(next);
    expect(p.changes).toEqual([expect.objectContaining({ kind: 'drop', field: 'note', rows: 1 })]);
    expect((await apply(next)).status).toBe(200);
    expect((await page())[0]).not.toHaveProperty('note');
    const kept = async () =>
      (await call('GET', '/admin/base/coding/kept', { token: admin, query: { prefix: 'evo/item', field: 'note' } }))
        .body.data as { kept: Row[]; values: Row[] };
    const before = await kept();
    expect(before.kept.find((k) => k.field === 'note')).toMatchObject({ reason: 'dropped', rows: 1 });
    expect(before.values).toMatchObject([{ rowId: 1, value: 'keep me' }]);
    // The table works without it, and a restart finds nothing to refuse.
    t = await t.restart();
    admin = await t.login();
    const added = await call('POST', '/admin/evo/item/add', { token: admin, body: { title: 'Birch' } });
    expect(added.status, added.raw).toBe(200);
    expect((await kept()).values).toHaveLength(1);
    const purged = await call('POST', '/admin/base/coding/purge', {
      token: admin,
      body: { prefix: 'evo/item', field: 'note' },
    });
    expect(purged.body.data).toEqual({ purged: 1 });
    expect((await kept()).values).toEqual([]);
    current = next;
  });

  it('a rename keeps the values under the new name', async () => {
    const next = current.map((f) => (f.name === 'code' ? { ...f, name: 'sku' } : f));
    const p = await plan(next, { renames: [{ from: 'code', to: 'sku' }] });
    expect(p.changes).toEqual([expect.objectContaining({ kind: 'rename', field: 'sku', from: 'code', rows: 2 })]);
    expect((await apply(next, { renames: [{ from: 'code', to: 'sku' }] })).status).toBe(200);
    expect((await page()).map((x) => x.sku)).toEqual(['250', '7', null]);
    current = next;
  });

  it('a field becoming unique: the plan lists rows that repeat a value; the apply is refused before anything changes', async () => {
    const next = current.map((f) =>
      f.name === 'title' ? { ...f, unique: true } : f.name === 'sku' ? { name: 'sku', type: 'text' } : f,
    );
    const columns = async () =>
      (await t.app.joinery.database.db.introspection.getTables())
        .find((x) => x.name === 'evo_item')!
        .columns.map((c) => [c.name, c.dataType]);
    const columnsBefore = await columns();
    const twin = await call('POST', '/admin/evo/item/add', { token: admin, body: { title: 'Oak chair', sku: 'x' } });
    expect(twin.status, twin.raw).toBe(200);
    const twinId = (twin.body.data as Row).id;
    const p = await plan(next);
    expect(p.changes.map((c) => [c.kind, c.field, c.fail ?? null])).toEqual([
      ['unique', 'title', 1],
      ['retype', 'sku', 0],
    ]);
    expect(p.changes[0].failing).toEqual([{ id: twinId, value: 'Oak chair', reason: 'same as #1' }]);
    const before = await page();
    const refused = await apply(next, { choices: { title: 'convert' } });
    expect([refused.status, refused.body.errorCode, (refused.body.details as Row[])[0].path]).toEqual([
      409,
      'CODING_EVOLVE_REFUSED',
      'fields.title',
    ]);
    expect(String((refused.body.details as Row[])[0].message)).toContain(`#${twinId}`);
    // Nothing changed, the retype of sku included (MySQL commits a table change at once: it never began).
    expect(await page()).toEqual(before);
    expect(await columns()).toEqual(columnsBefore);
    expect((await plan(next)).changes.map((c) => c.kind)).toEqual(['unique', 'retype']);
    // The admin tells the two apart; then the plan applies, and the field is unique from then on.
    await call('POST', '/admin/evo/item/update', { token: admin, body: { id: twinId, title: 'Oak chair2' } });
    const r = await apply(next);
    expect(r.status, r.raw).toBe(200);
    const again = await call('POST', '/admin/evo/item/add', { token: admin, body: { title: 'Oak chair' } });
    expect(again.status).toBe(409);
    await call('POST', '/admin/evo/item/delete', { token: admin, body: { ids: [twinId] } });
    current = next;
  });

  it("an entity wider than the database's limits is refused with a 400 naming the limit, never a 500", async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 10000 }, (_, i) => [
        `f${i}`,
        { type: ['string', 'null'], maxLength: 20, 'x-label': label(`F${i}`) },
      ]),
    );
    const schema = { type: 'object', 'x-prefix': 'evo/wide', 'x-title': label('Wide'), properties };
    const r = await call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { codes: [{ path: 'schemas/evo/wide.json', content: schema }] },
    });
    expect(r.status, r.raw.slice(0, 300)).toBe(400);
    expect(r.body.message).toMatch(/columns|列/);
    const many = await apply(Array.from({ length: 300 }, (_, i) => ({ name: `f${i}`, type: 'string' })));
    expect(many.status).toBe(400);
    expect(await page()).toHaveLength(3);
    // 70 strings of 255 characters: 71,540 bytes a row for MySQL (utf8mb4), within the other dialects' limits.
    const wideRow = await call('POST', '/admin/base/coding/draft', {
      token: admin,
      body: {
        proposal: {
          ...proposal(Array.from({ length: 70 }, (_, i) => ({ name: `s${i}`, type: 'string' }))),
          name: 'row',
        },
      },
    });
    expect(wideRow.status).toBe(dialect === 'mysql' ? 400 : 200);
    if (dialect === 'mysql') expect(wideRow.body.message).toMatch(/65535/);
  });

  it('only a super admin may apply or purge: others get 403', async () => {
    const aiPage = (await menuRows(t, admin)).find((m) => (m.perms ?? '').includes('base:coding:createCode'))!;
    const staff = await createStaff(t, admin, {
      username: 'evolver',
      menuIds: [aiPage.id, aiPage.parentId!].filter(Boolean) as number[],
    });
    const token = await t.login(staff.username, staff.password);
    const r = await call('POST', '/admin/base/coding/createCode', {
      token,
      body: { proposal: proposal(current), evolve: true },
    });
    expect(r.status).toBe(403);
    const p = await call('POST', '/admin/base/coding/plan', { token, body: { proposal: proposal(current) } });
    expect(p.status).toBe(200);
    expect((await call('POST', '/admin/base/coding/purge', { token, body: { prefix: 'evo/item' } })).status).toBe(403);
  });
});
