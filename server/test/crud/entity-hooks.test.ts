import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { HookRegistry } from '../../core/crud/entity-hooks.js';
import type { OpContext } from '../../core/crud/context.js';
import type { Row } from '../../core/db/row.js';

const ctx = {} as OpContext;
/** A Kysely that only compiles, so a scope's condition can be read as SQL. */
const db = new Kysely<Record<string, Row>>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('entity hooks add up (a second module never replaces the first)', () => {
  it('two beforeAdd hooks of one entity both run, in the order they were added; a taken-off set stops running', async () => {
    const hooks = new HookRegistry();
    const calls: string[] = [];
    hooks.add('demo/goods', {
      beforeAdd: (_c, row) => {
        calls.push('first');
        row.a = 1;
      },
    });
    const off = hooks.add('demo/goods', {
      beforeAdd: async (_c, row) => {
        calls.push(`second saw a=${row.a}`);
        row.b = 2;
      },
    });
    const row: Row = {};
    await hooks.get('demo/goods').beforeAdd?.(ctx, row, {});
    expect(calls).toEqual(['first', 'second saw a=1']);
    expect(row).toEqual({ a: 1, b: 2 });
    off();
    calls.length = 0;
    await hooks.get('demo/goods').beforeAdd?.(ctx, {}, {});
    expect(calls).toEqual(['first']);
  });

  it('scopes narrow together, filters and kept rows add up, prepareInput calls pipe', async () => {
    const hooks = new HookRegistry();
    hooks.add('x', {
      scope: (_c, eb) => eb('a.tenantId', '=', 7),
      filters: () => [],
      prepareInput: (i) => ({ ...i, p: [...((i.p as string[]) ?? []), 'one'] }),
      keptWith: () => [{ entity: 'l', rows: [{ id: 1 }] }],
    });
    hooks.add('x', {
      scope: (_c, eb) => eb('a.departmentId', 'in', [1, 2]),
      prepareInput: (i) => ({ ...i, p: [...(i.p as string[]), 'two'] }),
      keptWith: async () => [{ entity: 'm', rows: [{ id: 2 }] }],
    });
    const combined = hooks.get('x');
    const sql = db
      .selectFrom('t as a')
      .selectAll()
      .where((eb) => combined.scope!(ctx, eb)!)
      .compile().sql;
    expect(sql).toContain('"a"."tenantId" = ?');
    expect(sql).toContain('"a"."departmentId" in (?, ?)');
    expect(sql).toContain(' and ');
    expect(combined.prepareInput!({}, 'add')).toEqual({ p: ['one', 'two'] });
    expect((await combined.keptWith!(ctx, [], {})).map((k) => k.entity)).toEqual(['l', 'm']);
  });

  it('a second addReply for one entity is refused when it is added (one call has one reply)', () => {
    const hooks = new HookRegistry();
    hooks.add('y', { addReply: (ids) => ids[0] });
    expect(() => hooks.add('y', { addReply: (ids) => ids })).toThrow(/second addReply/);
  });
});
