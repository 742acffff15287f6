import fs from 'node:fs';
import path from 'node:path';
import type { Host } from '../core/host.js';
import type { OpContext } from '../core/crud/context.js';
import { bumpSequence, insertRow } from '../core/crud/insert-row.js';
import { encodeRow } from '../core/db/row-codec.js';
import type { Row } from '../core/db/row.js';
import { nowText } from '../core/db/time.js';
import { hashPassword } from '../core/auth/password.js';
import { seedMenus } from './seed-menus.js';
import { menuDirs } from '../core/registry/reconcile-menus.js';
import { seedDicts, translateSeededDictTypes } from './seed-dicts.js';
import { seedShopHistory } from './shop-history/seed-shop-history.js';
import { SEED_DIR } from '../paths.js';

function readJsonFiles<T>(dir: string): T[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as T);
}

/** Inserts rows with explicit ids for an entity prefix, exactly as given. */
export async function insertSeedRows(ctx: OpContext, prefix: string, rows: Row[]): Promise<void> {
  const entity = ctx.registry.get(prefix);
  if (!entity) throw new Error(`seed data names entity "${prefix}", which does not exist`);
  const now = nowText();
  for (const row of rows) await insertRow(ctx, entity, { createTime: now, updateTime: now, ...encodeRow(entity, row) });
  await bumpSequence(ctx, entity);
}

async function seedAdmin(ctx: OpContext, passwordHash: string): Promise<void> {
  await insertSeedRows(ctx, 'base/sys/role', [
    {
      id: 1,
      name: '超管',
      label: 'admin',
      remark: '最高权限的角色',
      relevance: true,
      menuIdList: [],
      departmentIdList: [],
    },
  ]);
  await insertSeedRows(ctx, 'base/sys/user', [
    {
      id: 1,
      username: 'admin',
      password: passwordHash,
      passwordV: 1,
      name: '超级管理员',
      nickName: '管理员',
      departmentId: 1,
      status: 1,
      headImg: null,
      phone: '18000000000',
      email: 'admin@joinery.local',
      remark: '拥有最高权限的用户',
    },
  ]);
  await insertSeedRows(ctx, 'base/sys/userRole', [{ userId: 1, roleId: 1 }]);
  await insertSeedRows(ctx, 'base/sys/conf', [
    { cKey: 'logKeep', cValue: '31' },
    { cKey: 'recycleKeep', cValue: '31' },
    { cKey: 'historyKeep', cValue: '365' },
  ]);
}

/**
 * First start: the super admin, departments, params, dictionaries, the menu tree and sample shop data, plus (unless
 * `history` is false) eighteen months of generated shop history. Runs once, in one transaction.
 */
export async function seedIfEmpty(host: Host, options: { history?: boolean } = {}): Promise<boolean> {
  const db = host.database.db;
  if (await db.selectFrom('base_sys_user').select('id').limit(1).executeTakeFirst()) return false;
  // Hashed before the transaction opens: nothing slow runs inside one (server/core/db/transaction-guard.ts).
  const adminHash = await hashPassword('123456');
  await host.database.db.transaction().execute(async (trx) => {
    const ctx: OpContext = { ...host.systemContext(), db: trx };
    for (const data of readJsonFiles<Record<string, Row[]>>(path.join(SEED_DIR, 'data'))) {
      for (const [prefix, rows] of Object.entries(data)) await insertSeedRows(ctx, prefix, rows);
    }
    if (options.history ?? true) await seedShopHistory(ctx);
    await seedAdmin(ctx, adminHash);
    await seedDicts(ctx, readJsonFiles(path.join(SEED_DIR, 'dicts')));
    await seedMenus(ctx, menuDirs(), new Set(host.listRoutes().map((r) => r.access)));
  });
  host.auth.invalidateRights();
  return true;
}

/** Every start: seeded dictionary types of an older database get their translations (seed-dicts.ts). */
export function translateSeededDicts(host: Host): Promise<number> {
  return translateSeededDictTypes(host.systemContext(), readJsonFiles(path.join(SEED_DIR, 'dicts')));
}
