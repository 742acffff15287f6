import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/harness.js';
import { startKeywordApp, type KeywordApp } from '../support/keyword-app.js';
import { setKeywordIndexFrom } from '../../core/crud/keyword-plan.js';

type Row = Record<string, unknown>;
const PREFIX = 'product/material';
const TABLE = 'product_material';

/** Characters the corpus and the keywords are made of: Chinese, mixed-case Latin (accented too), digits, wildcards, quotes. */
const ALPHABET = [
  '木',
  '沙',
  '发',
  '桌',
  '椅',
  '橡',
  'a',
  'B',
  'c',
  'D',
  'É',
  'é',
  'ß',
  '\u212A',
  'k',
  '1',
  '2',
  ' ',
  '%',
  '_',
  '!',
  '"',
  "'",
  '\\',
  '*',
  '\u0001',
];
const text = (max: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: max }).map((a) => a.join(''));

type Command =
  | { kind: 'add'; title: string; description: string }
  | { kind: 'update'; pick: number; title: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'restore' }
  | {
      kind: 'search';
      keyword: string;
      fromRow: number;
      start: number;
      length: number;
      fold: 'as-is' | 'upper' | 'lower';
    };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), title: text(12), description: text(16) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), title: text(12) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restore' as const }) },
  // A keyword is a piece of a stored title (so searches hit) or made up (mostly misses); 1 to 6 characters.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('search' as const),
      keyword: text(6),
      fromRow: fc.integer({ min: -1, max: 1000 }),
      start: fc.nat(),
      length: fc.integer({ min: 1, max: 6 }),
      fold: fc.constantFrom('as-is' as const, 'upper' as const, 'lower' as const),
    }),
  },
);

/**
 * The indexed keyword search (SQLite FTS5 trigram, PostgreSQL pg_trgm) returns exactly what a LIKE scan of the same
 * columns returns — the same rows and the same total — after adds, updates, deletes and restores, for Chinese,
 * Latin, mixed, short (1–2 characters) and wildcard-laden keywords.
 */
describe.each(DIALECTS)('keyword search through the index = a LIKE scan (%s)', (dialect) => {
  let t: KeywordApp;
  beforeAll(async () => {
    t = await startKeywordApp(dialect);
  });
  afterAll(() => t?.close());

  const post = (action: string, body: unknown) => t.post(`${PREFIX}/${action}`, body);

  /** What a scan finds: the keyword in the title or description, by a LIKE straight on the table (no index). */
  const scan = (keyword: string) => t.scan(TABLE, ['title', 'description'], keyword);

  async function search(keyword: string): Promise<{ ids: number[]; total: number }> {
    const page = await post('page', { keyWord: keyword, page: 1, size: 1000, order: 'id', sort: 'desc' });
    // A page of one row is full whenever anything matches: its total is counted, not read off the page.
    const counted = await post('page', { keyWord: keyword, page: 1, size: 1 });
    expect(Number((counted.pagination as Row).total), `counted total for ${JSON.stringify(keyword)}`).toBe(
      Number((page.pagination as Row).total),
    );
    return { ids: (page.list as Row[]).map((r) => Number(r.id)), total: Number((page.pagination as Row).total) };
  }

  it('the index is in place (so the property below tests it, not only the scan)', async () => {
    const db = t.app.joinery.database.db;
    if (dialect === 'sqlite') {
      const r = await sql<{
        n: number;
      }>`select count(*) as n from sqlite_master where name = ${`${TABLE}__kw`}`.execute(db);
      expect(Number(r.rows[0].n)).toBe(1);
    } else if (dialect === 'postgres') {
      const r = await sql<{
        n: number;
      }>`select count(*) as n from pg_indexes where tablename = ${`${TABLE}__kw`} and indexdef like '%gin_trgm_ops%'`.execute(
        db,
      );
      expect(Number(r.rows[0].n)).toBe(1);
    } else {
      const r = await sql<{
        n: number;
      }>`select count(*) as n from information_schema.triggers where event_object_schema = database() and trigger_name like ${`${TABLE}\\_\\_k\\_%`}`.execute(
        db,
      );
      expect(Number(r.rows[0].n)).toBe(3);
    }
  });

  it('same rows and totals as a scan over random sequences of writes and searches', async () => {
    const runs = Number(process.env.JOINERY_SEARCH_RUNS ?? (dialect === 'sqlite' ? 12 : 6));
    let searches = 0;
    let hits = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        const deleted: number[] = [];
        for (const c of commands) {
          const live = (await t.rows(TABLE)).map((r) => ({ id: Number(r.id), title: String(r.title) }));
          if (c.kind === 'add') await post('add', { title: c.title, description: c.description, type: 1 });
          else if (c.kind === 'update' && live.length)
            await post('update', { id: live[c.pick % live.length].id, title: c.title });
          else if (c.kind === 'delete' && live.length) {
            await post('delete', { ids: [live[c.pick % live.length].id] });
            deleted.push(live[c.pick % live.length].id);
          } else if (c.kind === 'restore' && deleted.length) {
            const bin = (
              await t.call('POST', '/admin/recycle/data/page', {
                token: t.token,
                body: { keyWord: `/admin/${PREFIX}/delete`, page: 1, size: 1, order: 'id', sort: 'desc' },
              })
            ).body.data as Row;
            const [record] = bin.list as Row[];
            if (record) await t.post('recycle/data/restore', { ids: [record.id] });
            deleted.pop();
          } else if (c.kind === 'search') {
            const source = c.fromRow >= 0 && live.length ? live[c.fromRow % live.length].title : '';
            const cut = [...source]
              .slice(c.start % Math.max(1, [...source].length))
              .slice(0, c.length)
              .join('');
            // In another case, so that case folding (ASCII-only in SQLite's LIKE, wider in FTS5 and ILIKE) is tried.
            const piece = c.fold === 'upper' ? cut.toUpperCase() : c.fold === 'lower' ? cut.toLowerCase() : cut;
            const keyword = (piece || c.keyword).trim() ? piece || c.keyword : c.keyword;
            if (!keyword.trim()) continue;
            const expected = await scan(keyword);
            const got = await search(keyword);
            expect(got.ids, `keyword ${JSON.stringify(keyword)}`).toEqual(expected);
            expect(got.total, `total for ${JSON.stringify(keyword)}`).toBe(expected.length);
            searches += 1;
            if (expected.length) hits += 1;
          }
        }
        // Every run ends with a search that must find something: a piece of a stored title.
        const stored = (await t.rows(TABLE)).map((r) => String(r.title)).filter((x) => x.trim().length >= 3);
        if (stored.length) {
          const piece = [...stored[commands.length % stored.length]].slice(0, 3).join('');
          const expected = await scan(piece);
          const got = await search(piece);
          expect(got.ids, `keyword ${JSON.stringify(piece)}`).toEqual(expected);
          expect(got.total).toBe(expected.length);
          searches += 1;
          if (expected.length) hits += 1;
        }
        // An unfiltered page tells the table's exact size (SQLite: from the counter the triggers keep).
        const counted = await sql<{ n: number }>`select count(*) as n from ${sql.table(TABLE)}`.execute(
          t.app.joinery.database.db,
        );
        const first = await post('page', { page: 1, size: 1 });
        expect(Number((first.pagination as Row).total), 'unfiltered total').toBe(Number(counted.rows[0].n));
        if (dialect === 'sqlite') {
          // The index is sound and holds exactly the table's rows.
          const db = t.app.joinery.database.db;
          await sql.raw(`insert into ${TABLE}__kw(${TABLE}__kw) values ('integrity-check')`).execute(db);
          const inIndex = await sql<{
            id: number;
          }>`select rowid as id from ${sql.table(`${TABLE}__kw`)} order by rowid`.execute(db);
          const inTable = await sql<{ id: number }>`select id from ${sql.table(TABLE)} order by id`.execute(db);
          expect(inIndex.rows.map((r) => Number(r.id))).toEqual(inTable.rows.map((r) => Number(r.id)));
        } else {
          // One keyword row per row, holding its folded columns.
          const db = t.app.joinery.database.db;
          const folded =
            dialect === 'postgres'
              ? sql`lower(coalesce(t.title, '')) || chr(1) || lower(coalesce(t.description, ''))`
              : sql`concat(lower(coalesce(t.title, '')), char(1 using utf8mb4), lower(coalesce(t.description, '')))`;
          const kept = await sql<{
            n: number;
          }>`select count(*) as n from ${sql.table(TABLE)} t join ${sql.table(`${TABLE}__kw`)} k on k.id = t.id
          where k.v = ${folded}`.execute(db);
          const all = await sql<{ n: number }>`select count(*) as n from ${sql.table(`${TABLE}__kw`)}`.execute(db);
          expect([Number(kept.rows[0].n), Number(all.rows[0].n)]).toEqual([
            Number(counted.rows[0].n),
            Number(counted.rows[0].n),
          ]);
        }
      }),
      { numRuns: runs },
    );
    // The property is only worth something if it searched, and found things, often.
    expect(searches).toBeGreaterThanOrEqual(runs);
    expect(hits).toBeGreaterThanOrEqual(runs);
  }, 240_000);

  it('worked examples: short Chinese keywords, wildcards taken literally, case', async () => {
    const stamp = Date.now().toString(36);
    const a = await post('add', { title: `北美黑胡桃木 ${stamp}`, description: '100% solid_wood', type: 1 });
    const b = await post('add', { title: `Walnut OAK ${stamp}`, description: '沙发面料', type: 1 });
    // Through the index, and (a small table, as the server does by default) by testing rows: the same answers.
    for (const from of [0, 1_000_000]) {
      setKeywordIndexFrom(from);
      for (const [keyword, want] of [
        ['木', [a.id]],
        ['沙发', [b.id]],
        ['胡桃木', [a.id]],
        ['100%', [a.id]],
        ['d_w', [a.id]],
        ['oak', [b.id]],
        ['WALNUT', [b.id]],
        ['10_%', []],
      ] as const) {
        const got = (await search(`${keyword}`)).ids.filter((id) => id === a.id || id === b.id);
        expect(got.sort(), `${keyword} (index from ${from} rows)`).toEqual([...want].map(Number).sort());
      }
    }
    setKeywordIndexFrom(0);
  });
});
