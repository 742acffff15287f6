import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../app.js';
import { decodeFreshRows, decodeRow } from '../../core/db/row-codec.js';

/** What a driver may hand back for a column: numbers, text (JSON or not), bigint-like strings, parsed JSON, null, absent. */
const stored = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, 1, '0', '1', '12', ''),
  fc.string(),
  fc.constant(null),
  fc.constant(undefined),
  fc.json(),
  fc.constantFrom('[1,2', '{"a":', 'not json'),
  fc.array(fc.integer(), { maxLength: 3 }),
  // PostgreSQL hands json columns back parsed: plain objects with ordinary keys.
  fc.dictionary(fc.constantFrom('a', 'name', 'values'), fc.oneof(fc.integer(), fc.string())),
);

describe('decodeFreshRows (the page and list path) = decodeRow on every entity', () => {
  const entities = loadRegistry().all();

  it('converts in place to exactly what decodeRow returns: same keys, order and values', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...entities),
        fc.array(fc.dictionary(fc.string({ maxLength: 4 }), stored, { maxKeys: 3 }), { minLength: 1, maxLength: 3 }),
        fc.infiniteStream(stored),
        (entity, extras, values) => {
          const rows = extras.map((extra) => {
            const row: Record<string, unknown> = {};
            for (const f of entity.fields)
              if (values.next().value !== undefined || f.name === 'id') row[f.name] = values.next().value;
            // Joined columns (categoryName…) and anything else the query selected pass through.
            return { ...row, ...Object.fromEntries(Object.entries(extra).filter(([k]) => !entity.fieldMap.has(k))) };
          });
          const expected = rows.map((r) => decodeRow(entity, structuredClone(r)));
          const got = decodeFreshRows(
            entity,
            rows.map((r) => structuredClone(r)),
          );
          expect(got).toEqual(expected);
          for (let i = 0; i < got.length; i++) expect(Object.keys(got[i])).toEqual(Object.keys(expected[i]));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('drops secret fields like decodeRow (the user entity copies its rows)', () => {
    const user = entities.find((e) => e.fields.some((f) => f.secret))!;
    const secret = user.fields.find((f) => f.secret)!.name;
    const [row] = decodeFreshRows(user, [{ id: 1, [secret]: 'hash' }]);
    expect(row).toEqual({ id: 1 });
  });
});
