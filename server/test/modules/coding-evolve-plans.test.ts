import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { evolveSuite, FIELDS, proposal } from './coding-evolve-suite.js';

describe.each(DIALECTS)('AI-code: evolving an entity with rows, by its change plan (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const { call, plan, apply, page } = evolveSuite(dialect, {
    get: () => t,
    set: (app, token) => {
      t = app;
      admin = token;
    },
  });

  it('a "new entity" with the name of one made here is refused with the choice, and nothing changes', async () => {
    const before = await page();
    const r = await apply([{ name: 'other', type: 'string' }], { evolve: false });
    expect([r.status, (r.body.details as Row[])[0].path]).toEqual([409, 'name']);
    const draft = await call('POST', '/admin/base/coding/draft', {
      token: admin,
      body: { proposal: proposal(FIELDS) },
    });
    expect((draft.body.data as Row).replacing).toBe(true);
    expect(await page()).toEqual(before);
    // No proposed migration was written (it used to be six DROP COLUMNs).
    const migrations = path.join(t.dataDir, 'migrations');
    expect(fs.existsSync(migrations) ? fs.readdirSync(migrations) : []).toEqual([]);
  });

  it('each change of a plan has its own samples and rows', async () => {
    const next = FIELDS.filter((f) => f.name !== 'note').map((f) =>
      f.name === 'code' ? { ...f, type: 'string', length: 20 } : f.name === 'price' ? { ...f, type: 'money' } : f,
    );
    const p = await plan(next);
    expect(p.changes.map((c) => [c.kind, c.field, c.samples.map((x) => x.id), c.failing.length])).toEqual([
      ['retype', 'code', [1, 2], 0],
      ['retype', 'price', [1, 2], 0],
      ['drop', 'note', [1], 0],
    ]);
    expect(p.changes[0].samples[0]).toEqual({ id: 1, value: 250, to: '250' });
    expect(p.changes[2].samples).toEqual([{ id: 1, value: 'keep me' }]);
    // A required field added over existing rows: the plan says they stay empty until edited.
    const added = await plan([...FIELDS, { name: 'weight', type: 'integer', required: true }]);
    expect(added.changes).toEqual([
      { kind: 'add', field: 'weight', rows: 2, emptyRequired: true, samples: [], failing: [] },
    ]);
  });
});
