import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file of a suite split per dialect (harness.ts, `dialectFile`): `<name>.<dialect>.test.ts` next to `<name>.suite.ts`. */
const DIALECT_FILE = /^(.*)\.(mysql|postgres|sqlite)\.test\.ts$/;
/** Within one suite, the dialect that usually takes longest first. */
const DIALECT_ORDER = ['mysql', 'postgres', 'sqlite'];

/**
 * The order test files start in, so that the run does not end with one long file alone on a worker. Vitest orders by
 * the durations of the previous run when it has them (its cache, which a fresh checkout such as CI's has not), else by
 * file size: and a small file can be the longest to run (a walk over every route). Without durations for every file,
 * the suites split per dialect — split because they are the longest — start first, largest suite first; the rest
 * follow in Vitest's order. With them, Vitest's order (longest first) stands.
 */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const cache = this.ctx.cache;
    const known = (f: TestSpecification) =>
      cache.getFileTestResults(`${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`) !== undefined;
    if (files.every(known)) return sorted;
    const suiteSize = new Map<string, number>();
    const weight = (f: TestSpecification) => {
      const suite = `${DIALECT_FILE.exec(f.moduleId)![1]}.suite.ts`;
      if (!suiteSize.has(suite)) suiteSize.set(suite, fs.existsSync(suite) ? fs.statSync(suite).size : 0);
      return suiteSize.get(suite)!;
    };
    const dialectRank = (f: TestSpecification) => DIALECT_ORDER.indexOf(DIALECT_FILE.exec(f.moduleId)![2]);
    const split = sorted
      .filter((f) => DIALECT_FILE.test(f.moduleId))
      .sort((a, b) => weight(b) - weight(a) || dialectRank(a) - dialectRank(b));
    return [...split, ...sorted.filter((f) => !DIALECT_FILE.test(f.moduleId))];
  }
}
