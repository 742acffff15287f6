import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { menuRows } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';
import { heldByUser, isSuperUser, readWorld, violations } from './delegation-oracle.js';
import {
  callerArbitrary,
  choose,
  commandArbitrary,
  isManagementMenu,
  runCommand,
  type CallerSpec,
  type Command,
} from './delegation-commands.js';
import { delegationWorld } from './delegation-world.js';

/** Runs per dialect: enough to cover every command many times, bounded so the suite stays quick. */
const RUNS: Record<string, number> = { sqlite: 60, postgres: 25, mysql: 20 };
const RUNS_OVERRIDE = Number(process.env.JOINERY_DELEGATION_RUNS ?? 0);

describe.each(DIALECTS)('delegation: a non-super admin never widens its own power (%s)', (dialect) => {
  const { started, post, ok, login } = delegationWorld(dialect);
  let t: TestApp;
  let admin: string;
  beforeAll(() => {
    ({ t, admin } = started());
  });

  let callers = 0;

  /** A delegated admin built by the super admin from a random spec. */
  async function makeCaller(spec: CallerSpec) {
    const menus = await menuRows(t, admin);
    const management = menus.filter((m) => isManagementMenu(m));
    const chosen = new Set([
      ...management.filter((_, i) => spec.keepManagement[i % 64]).map((m) => m.id),
      ...spec.otherMenus.map((n) => choose(menus, n)!.id),
    ]);
    const departments = (await t.rows('base_sys_department')).map((d) => Number(d.id));
    const scope = [...new Set(spec.departments.map((n) => choose(departments, n)!))];
    const role = await ok('/admin/base/sys/role/add', {
      name: `caller ${++callers}`,
      label: `caller_${callers}`,
      relevance: spec.relevance,
      menuIdList: [...chosen],
      departmentIdList: scope,
    });
    const username = `caller_${callers}`;
    const userId = Number(
      await ok('/admin/base/sys/user/add', {
        username,
        name: username,
        password: 'Caller-pass-1',
        status: 1,
        departmentId: choose(scope, spec.home),
        roleIdList: [(role as Row).id],
      }),
    );
    return { userId, token: await login(username, 'Caller-pass-1') };
  }

  it('property: random write sequences by random delegated admins keep the invariant', async () => {
    const started = Date.now();
    const counts: Record<string, number> = {};
    const accepted: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        callerArbitrary,
        fc.array(commandArbitrary, { minLength: 1, maxLength: 8 }),
        async (spec, commands: (Command & { honest: boolean })[]) => {
          const caller = await makeCaller(spec);
          const before = await readWorld(t);
          const log: string[] = [];
          for (const cmd of commands) {
            const r = await runCommand(t, caller.token, caller.userId, cmd);
            expect(r.status, `${r.url} ${JSON.stringify(r.body)}`).toBeLessThan(500);
            counts[cmd.kind] = (counts[cmd.kind] ?? 0) + 1;
            if (r.status === 200) accepted[cmd.kind] = (accepted[cmd.kind] ?? 0) + 1;
            log.push(`${r.status} ${r.url} ${JSON.stringify(r.body)} → ${r.reply}`);
          }
          const after = await readWorld(t);
          expect(violations(before, after, caller.userId), log.join('\n')).toEqual([]);
          // What the caller reads is inside its scope too (when its session survived its own writes).
          // Scope at the time of reading: the caller's rights now (the invariant above bounds them by its rights before).
          const scopeNow = heldByUser(after, caller.userId).departments;
          const users = await post('/admin/base/sys/user/page', { page: 1, size: 1000 }, caller.token);
          if (users.status === 200) {
            for (const u of (users.body.data as { list: Row[] }).list) {
              expect(scopeNow.has(Number(u.departmentId)), `user ${String(u.id)} read outside scope`).toBe(true);
              expect(isSuperUser(after, Number(u.id)), `super admin ${String(u.id)} read by a delegated admin`).toBe(
                false,
              );
            }
          }
          const bin = await post('/admin/recycle/data/page', { page: 1, size: 1000 }, caller.token);
          if (bin.status === 200) {
            for (const record of (bin.body.data as { list: Row[] }).list) {
              for (const row of record.data as Row[]) {
                if (record.entityPrefix === 'base/sys/user')
                  expect(
                    scopeNow.has(Number(row.departmentId)),
                    `bin record ${String(record.id)} read outside scope`,
                  ).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: RUNS_OVERRIDE || RUNS[dialect], endOnFailure: true },
    );
    console.log(
      `[delegation ${dialect}] ${RUNS_OVERRIDE || RUNS[dialect]} callers, commands sent ${JSON.stringify(counts)}, accepted ${JSON.stringify(accepted)}, ${Date.now() - started} ms`,
    );
  }, 600_000);
});
