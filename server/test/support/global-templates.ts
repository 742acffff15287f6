import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../app.js';
import { compactRowCount } from '../../core/db/row-count.js';
import { DIALECTS, dropTemplate, emptyDatabase, type DialectUnderTest, type SeededTemplate } from './test-databases.js';

/**
 * Vitest global setup: one seeded database per dialect under test, made once per run by a real first start (as
 * startApp makes one), that test apps then start on copies of (harness.ts, `templateFor`). A first start costs
 * 1–5 s a dialect (MariaDB creates ~60 tables and ~150 triggers); a copy a fraction of it. Dropped after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templates: Partial<Record<DialectUnderTest, SeededTemplate>> = {};
  const wanted = process.env.JOINERY_TEST_TEMPLATES === 'off' ? [] : DIALECTS;
  try {
    for (const dialect of wanted) {
      const db = await emptyDatabase(dialect, 'joinery-tpl');
      templates[dialect] = { dialect, url: db.url, dataDir: db.dataDir, name: db.name };
      const app = await buildApp({
        databaseUrl: db.url,
        dataDir: db.dataDir,
        captcha: false,
        seedHistory: false,
        scheduler: false,
        uiDir: path.join(db.dataDir, 'no-ui'),
        logger: false,
      });
      // The seed's writes left row-count deltas per written row and key (744 in a MariaDB copy, measured): folded here
      // once, each copy of the template carries one row per key instead (92). The compaction must then fold a table's
      // rows beside an open writer without waiting on it (row-count.test.ts), as a compacted production table needs.
      for (const entity of app.joinery.registry.all()) await compactRowCount(app.joinery.database, entity);
      await app.close();
    }
  } catch (e) {
    await Promise.all(Object.values(templates).map(dropTemplate));
    throw e;
  }
  project.provide('joineryTemplates', templates);
  return async () => {
    await Promise.all(Object.values(templates).map(dropTemplate));
  };
}
