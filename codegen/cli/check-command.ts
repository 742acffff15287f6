import fs from 'node:fs';
import path from 'node:path';
import { CliError } from './cli-error.js';
import { EXIT, M } from './messages.js';
import { loadEntities, schemasDirOf } from './load-entities.js';
import { say, str, type Io, type Options } from './commands.js';
import { openDatabase } from '../../server/core/db/database.js';
import { planSchemaSync } from '../../server/core/db/schema-sync.js';
import { ENTITY_DEF_TABLE, readStoredEntities } from '../../server/core/registry/stored-entities.js';
import { prepareEntity } from '../../server/core/registry/register-entity.js';
import { planDicts, readStoredDicts, type StoredDicts } from '../../server/core/registry/reconcile-dicts.js';
import type { DictSeed } from '../../server/seed/seed-dicts.js';
import type { Entity } from '../../server/core/registry/entity-types.js';
import { SEED_DIR } from '../../server/paths.js';

/** The dictionaries a first start seeds (server/seed/dicts). */
function seededDicts(): StoredDicts {
  const dir = path.join(SEED_DIR, 'dicts');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const seeds = files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as DictSeed);
  return new Map(
    seeds.flatMap((s) => s.types.map((t) => [t.key, new Set(t.entries.map((e) => String(e.value)))] as const)),
  );
}

/** Prints what the next start would do to the dictionaries; returns how many a field names that nothing provides. */
function reportDicts(entities: Entity[], stored: StoredDicts, where: string, io: Io): number {
  const plan = planDicts(entities, stored);
  for (const c of plan.create)
    io.out(`+ create dictionary ${c.key} (${c.entries} entries, carried by ${c.origin} field "${c.field}")`);
  for (const a of plan.add) io.out(`+ add dictionary entry ${a.key} = ${a.value} (carried by ${a.origin})`);
  for (const m of plan.missing)
    io.out(
      `! ${m.origin}: field "${m.field}": dictionary "${m.key}" is not in ${where} and no schema carries it (x-dict-entries)`,
    );
  return plan.missing.length;
}

/**
 * `joinery check`: every schema as start-up checks it; with a database, the sync plan (the statements a destructive
 * change needs are printed as that database's dialect runs them) and the dictionaries fields name.
 */
export async function checkCommand(o: Options, io: Io): Promise<number> {
  const dir = schemasDirOf(str(o.schemas));
  const entities = loadEntities(dir);
  io.out(say(io, M.schemasValid(entities.length, dir)));
  const url = str(o.database) ?? process.env.DATABASE_URL;
  const file = url ? /^sqlite:(.+)$/.exec(url)?.[1] : undefined;
  if (!url || (file && file !== ':memory:' && !fs.existsSync(file))) {
    io.out(say(io, url ? M.noDatabaseFile(url, entities.length) : M.noDatabase));
    const missing = reportDicts(entities, seededDicts(), 'the seeded dictionaries', io);
    if (missing) throw new CliError(M.dictsMissingSeed(missing), EXIT.refused);
    return EXIT.ok;
  }
  const shown = url.replace(/\/\/[^@/]*@/, '//…@');
  /** The driver's reason (a refused connection has only its code and address in some drivers). */
  const reason = (e: unknown) => {
    const err = e as Error & { code?: string; errors?: Error[] };
    return err.message || err.errors?.map((x) => x.message).join('; ') || err.code || String(e);
  };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(url);
  } catch (e) {
    throw new CliError(M.cannotOpen(shown), EXIT.refused, reason(e));
  }
  // PostgreSQL and MySQL connect on the first query: a server that is down or refuses the login is found here.
  let tables: Set<string>;
  try {
    tables = new Set((await database.db.introspection.getTables()).map((t) => t.name));
  } catch (e) {
    await database.close().catch(() => undefined);
    throw new CliError(M.cannotOpen(shown), EXIT.refused, reason(e));
  }
  try {
    const stored = tables.has(ENTITY_DEF_TABLE) ? (await readStoredEntities(database)).map(prepareEntity) : [];
    const plan = await planSchemaSync(database, [...entities, ...stored]);
    let destructive = 0;
    let changes = 0;
    for (const p of plan) {
      if (p.create) {
        io.out(`+ create table ${p.entity.table} (${p.entity.origin})`);
        changes++;
      }
      for (const c of p.addColumns) {
        io.out(`+ add column ${p.entity.table}.${c}`);
        changes++;
      }
      for (const problem of p.problems) {
        io.out(`! ${p.entity.table}: ${problem}`);
        destructive++;
      }
      for (const s of p.statements) io.out(`    ${s}`);
    }
    const all = [...entities, ...stored];
    const dicts =
      tables.has('dict_type') && tables.has('dict_info') ? await readStoredDicts(database.db) : seededDicts();
    const missing = reportDicts(all, dicts, 'the database', io);
    io.out(say(io, M.planSummary(changes, destructive, `${database.dialect}, ${shown}`)));
    if (destructive) throw new CliError(M.destructive(destructive), EXIT.destructive);
    if (missing) throw new CliError(M.dictsMissingDb(missing), EXIT.refused);
    return EXIT.ok;
  } finally {
    await database.close();
  }
}
