import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/harness.js';
import { startKeywordApp, type KeywordApp } from '../support/keyword-app.js';

type Row = Record<string, unknown>;
const PREFIX = 'product/material';
const TABLE = 'product_material';

/** Characters of titles: Chinese, mixed-case Latin (a Kelvin sign, ß, É), digits, wildcards. */
const ALPHABET = ['木', '沙', '发', '桌', 'a', 'B', 'c', 'É', 'é', 'ß', '\u212A', 'k', '1', '2', ' ', '%', '_', '!'];
const text = (min: number, max: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { minLength: min, maxLength: max }).map((a) => a.join(''));

type Command =
  | { kind: 'batch'; titles: string[] }
  | { kind: 'rename'; pick: number; title: string; description: string }
  | { kind: 'retype'; pick: number; type: number }
  | { kind: 'delete'; picks: number[] };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      titles: fc.array(text(1, 14), { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      pick: fc.nat(),
      title: text(1, 14),
      description: text(0, 12),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('retype' as const),
      pick: fc.nat(),
      type: fc.integer({ min: 0, max: 6 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    }),
  },
);

/**
 * The keyword index stays in step with the rows through batch adds, renames (keyword columns), updates of other
 * columns and batch deletes: every search finds what a LIKE over the rows finds, and on MySQL the postings are
 * exactly the pieces of the rows (a stale posting would be seen here even where no search happened to meet it).
 */
describe.each(DIALECTS)('keyword index after batch writes (%s)', (dialect) => {
  let t: KeywordApp;
  beforeAll(async () => {
    t = await startKeywordApp(dialect);
  });
  afterAll(() => t?.close());

  const post = (action: string, body: unknown) => t.post(`${PREFIX}/${action}`, body);
  const db = () => t.app.joinery.database.db as unknown as Kysely<Record<string, Row>>;

  /** The rows holding the keyword, by a LIKE on the table's own columns (no index). */
  const scan = (keyword: string) => t.scan(TABLE, ['title', 'description'], keyword);

  /**
   * MySQL: the postings the rows call for — from each character of the folded value, the next 8 characters cut before
   * END, with how many of its prefixes (1 to 8 characters) begin earlier in the value; a piece met twice is one posting,
   * the smaller count — and the postings kept.
   */
  async function postings(): Promise<{ want: string[]; kept: string[] }> {
    const rows = await sql<{
      id: number;
      v: string;
    }>`select id, concat(lower(coalesce(title, '')), char(1 using utf8mb4), lower(coalesce(description, ''))) as v from ${sql.table(TABLE)}`.execute(
      db(),
    );
    const want = new Map<string, number>();
    for (const { id, v } of rows.rows) {
      const chars = [...v];
      let offset = 0;
      for (let i = 0; i < chars.length; offset += chars[i].length, i++) {
        const piece = chars
          .slice(i, i + 8)
          .join('')
          .split('\u0001')[0];
        if (!piece) continue;
        const pieceChars = [...piece];
        let m = 0;
        for (let k = 1; k <= 8; k++) if (v.indexOf(pieceChars.slice(0, k).join('')) < offset) m += 1;
        const key = `${Buffer.from(piece).toString('hex').toUpperCase()}:${id}`;
        want.set(key, Math.min(m, want.get(key) ?? 8));
      }
    }
    const kept = await sql<{
      s: string;
      id: number;
      m: number;
    }>`select hex(s) as s, id, m from ${sql.table(`${TABLE}__kwt`)}`.execute(db());
    return {
      want: [...want].map(([key, m]) => `${key}:${m}`).sort(),
      kept: kept.rows.map((r) => `${r.s}:${Number(r.id)}:${Number(r.m)}`).sort(),
    };
  }

  it('searches find what a LIKE finds after every write; MySQL postings = pieces of the rows', async () => {
    let hits = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 12 }), async (commands) => {
        for (const c of commands) {
          const live = (await t.rows(TABLE)).map((r) => ({ id: Number(r.id), title: String(r.title) }));
          if (c.kind === 'batch')
            await post(
              'add',
              c.titles.map((title, k) => ({ title, description: `${k}`, type: 1 })),
            );
          else if (c.kind === 'rename' && live.length)
            await post('update', {
              id: live[c.pick % live.length].id,
              title: c.title,
              description: c.description || null,
            });
          else if (c.kind === 'retype' && live.length)
            await post('update', { id: live[c.pick % live.length].id, type: c.type });
          else if (c.kind === 'delete' && live.length)
            await post('delete', { ids: [...new Set(c.picks.map((p) => live[p % live.length].id))] });
          // A piece of 1 to 12 characters of a stored title (MySQL: up to 8 read from the postings alone, longer
          // confirmed by LIKE), in another case now and then.
          const titles = (await t.rows(TABLE)).map((r) => [...String(r.title)]);
          if (!titles.length) continue;
          const at = commands.indexOf(c);
          const chars = titles[(at * 7) % titles.length];
          const from = at % chars.length;
          const piece = chars.slice(from, from + 1 + ((at * 5 + commands.length) % 12)).join('');
          const keyword = commands.length % 2 ? piece.toUpperCase() : piece;
          if (!keyword.trim()) continue;
          const expected = await scan(keyword);
          const page = await post('page', { keyWord: keyword, page: 1, size: 1000, order: 'id', sort: 'desc' });
          const counted = await post('page', { keyWord: keyword, page: 1, size: 1 });
          expect(
            (page.list as Row[]).map((r) => Number(r.id)),
            `keyword ${JSON.stringify(keyword)}`,
          ).toEqual(expected);
          expect(Number((counted.pagination as Row).total), `total for ${JSON.stringify(keyword)}`).toBe(
            expected.length,
          );
          if (expected.length) hits += 1;
        }
        if (dialect === 'mysql') {
          const { want, kept } = await postings();
          expect(kept).toEqual(want);
        }
      }),
      { numRuns: Number(process.env.JOINERY_SEARCH_RUNS ?? 6) },
    );
    expect(hits).toBeGreaterThan(0);
  }, 240_000);
});
