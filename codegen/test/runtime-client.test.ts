import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateClient } from '../generate-client.js';
import { routeTable } from '../cli/route-table.js';
import { ROOT, SCHEMAS_DIR } from '../../server/paths.js';

const FILE = path.join(ROOT, 'runtime', 'engine', 'client.generated.ts');

describe("the console's typed client", () => {
  it("is what `joinery client` makes of schemas/ and the server's routes today (so a schema change cannot leave the console's calls mistyped)", async () => {
    const { entities, doc } = await routeTable(SCHEMAS_DIR);
    const fresh = generateClient(entities, doc);
    const kept = fs.readFileSync(FILE, 'utf8');
    // Every method is a route a server started on schemas/ answers (the client made from the folder's declarations
    // alone had five that answered 404).
    const calls = [...fresh.matchAll(/\("(GET|POST)", "(\/admin\/[^"]+)"/g)].map(
      (m) => `${m[1].toLowerCase()} ${m[2]}`,
    );
    const served = new Set(
      Object.entries(doc.paths ?? {}).flatMap(([url, ops]) => Object.keys(ops).map((m) => `${m} ${url}`)),
    );
    expect(calls.length).toBeGreaterThan(200);
    expect(calls.filter((c) => !served.has(c))).toEqual([]);
    expect(
      kept === fresh,
      'runtime/engine/client.generated.ts is out of date: run `npx joinery client --out runtime/engine/client.generated.ts`',
    ).toBe(true);
  }, 120_000);
});
