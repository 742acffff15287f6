import fc from 'fast-check';
import type { TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { reachOf, readWorld } from './delegation-oracle.js';

/**
 * Random writes a delegated admin can send: menus (add, move, re-permission, delete, import), roles, users
 * (including granting themselves roles), departments (add, move, delete with or without users, drag ordering),
 * params, dicts and recycle-bin restores. Ids are drawn at run time from every record that exists, inside the
 * caller's scope or not, so each command is as likely to be an attack as an honest edit.
 */

/** A number that picks one element of whatever list exists when the command runs. */
const pick = fc.nat({ max: 10_000 });
const picks = fc.array(pick, { maxLength: 4 });
const choose = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

export type Command =
  | { kind: 'menuAdd'; parent: number; perms: number[]; extra: boolean }
  | { kind: 'menuMove'; id: number; parent: number | null }
  | { kind: 'menuPerms'; id: number; perms: number[]; extra: boolean }
  | { kind: 'menuDelete'; id: number }
  | { kind: 'menuImport'; perms: number[]; extra: boolean }
  | { kind: 'roleAdd'; menus: number[]; departments: number[]; relevance: boolean }
  | { kind: 'roleUpdate'; id: number; menus: number[]; departments: number[]; relevance: boolean }
  | { kind: 'roleDelete'; id: number }
  | { kind: 'userAdd'; department: number; roles: number[] }
  | { kind: 'userUpdate'; id: number; roles: number[] | null; department: number | null; password: boolean }
  | { kind: 'grantSelf'; roles: number[] }
  | { kind: 'userDelete'; id: number }
  | { kind: 'userMove'; ids: number[]; department: number }
  | { kind: 'departmentAdd'; parent: number }
  | { kind: 'departmentMove'; id: number; parent: number }
  | { kind: 'departmentDelete'; id: number; deleteUser: boolean }
  | { kind: 'departmentOrder'; id: number; parent: number }
  | { kind: 'paramAdd' }
  | { kind: 'dictAdd' }
  | { kind: 'restore'; id: number };

const anyCommand: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('menuAdd' as const), parent: pick, perms: picks, extra: fc.boolean() }),
  fc.record({ kind: fc.constant('menuMove' as const), id: pick, parent: fc.option(pick, { nil: null }) }),
  fc.record({ kind: fc.constant('menuPerms' as const), id: pick, perms: picks, extra: fc.boolean() }),
  fc.record({ kind: fc.constant('menuDelete' as const), id: pick }),
  fc.record({ kind: fc.constant('menuImport' as const), perms: picks, extra: fc.boolean() }),
  fc.record({ kind: fc.constant('roleAdd' as const), menus: picks, departments: picks, relevance: fc.boolean() }),
  fc.record({
    kind: fc.constant('roleUpdate' as const),
    id: pick,
    menus: picks,
    departments: picks,
    relevance: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('roleDelete' as const), id: pick }),
  fc.record({ kind: fc.constant('userAdd' as const), department: pick, roles: picks }),
  fc.record({
    kind: fc.constant('userUpdate' as const),
    id: pick,
    roles: fc.option(picks, { nil: null }),
    department: fc.option(pick, { nil: null }),
    password: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('grantSelf' as const), roles: picks }),
  fc.record({ kind: fc.constant('userDelete' as const), id: pick }),
  fc.record({ kind: fc.constant('userMove' as const), ids: picks, department: pick }),
  fc.record({ kind: fc.constant('departmentAdd' as const), parent: pick }),
  fc.record({ kind: fc.constant('departmentMove' as const), id: pick, parent: pick }),
  fc.record({ kind: fc.constant('departmentDelete' as const), id: pick, deleteUser: fc.boolean() }),
  fc.record({ kind: fc.constant('departmentOrder' as const), id: pick, parent: pick }),
  fc.record({ kind: fc.constant('paramAdd' as const) }),
  fc.record({ kind: fc.constant('dictAdd' as const) }),
  fc.record({ kind: fc.constant('restore' as const), id: pick }),
);

/** A command, and whether it is honest (every pick inside the caller's reach) or may aim anywhere. */
export const commandArbitrary: fc.Arbitrary<Command & { honest: boolean }> = fc
  .tuple(anyCommand, fc.boolean())
  .map(([cmd, honest]) => ({ ...cmd, honest }));

let seq = 0;
const unique = (prefix: string) => `${prefix}_${process.pid}_${++seq}`;

/** Sends one command as `token`; returns the HTTP status (any answer is fine: the invariant is judged on the rows). */
export async function runCommand(
  t: TestApp,
  token: string,
  callerId: number,
  cmd: Command & { honest?: boolean },
): Promise<{ status: number; url: string; body: unknown; reply: string }> {
  const ids = async (table: string) => (await t.rows(table)).map((r: Row) => Number(r.id));
  const world = await readWorld(t);
  const reach = reachOf(world, callerId);
  const allPerms = [
    ...new Set(
      [...world.menus.values()].flatMap((m) =>
        String(m.perms ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ),
  ].sort();
  // Honest commands pick only what the caller reaches; others pick so half the time, and anything else otherwise.
  const both = <T>(mine: T[], all: T[]) => ({ mine, all });
  const permPool = both([...reach.rights.perms].sort(), allPerms);
  const menuPool = both(
    [...world.menus.keys()].filter((id) => reach.menu(id)),
    [...world.menus.keys()],
  );
  const departmentPool = both(
    [...world.departments.keys()].filter((id) => reach.department(id)),
    [...world.departments.keys()],
  );
  const rolePool = both(
    [...world.roles.keys()].filter((id) => reach.role(id)),
    [...world.roles.keys()],
  );
  const userPool = both(
    [...world.users.keys()].filter((id) => reach.user(id)),
    [...world.users.keys()],
  );
  const from = <T>(pool: { mine: T[]; all: T[] }, n: number): T | undefined =>
    (cmd.honest || n % 2 === 0) && pool.mine.length ? choose(pool.mine, n >> 1) : choose(pool.all, n >> 1);
  const permsOf = (ns: number[], extra: boolean) =>
    [
      ...new Set([
        ...ns.map((n) => from(permPool, n)!).filter(Boolean),
        ...(extra && !cmd.honest ? ['secret:vault:open'] : []),
      ]),
    ].join(',');
  const send = async (url: string, body: unknown) => {
    const r = await t.call('POST', url, { token, body });
    return { status: r.status, url, body, reply: r.raw.slice(0, 300) };
  };
  switch (cmd.kind) {
    case 'menuAdd':
      return send('/admin/base/sys/menu/add', {
        name: unique('m'),
        type: 2,
        parentId: from(menuPool, cmd.parent) ?? null,
        perms: permsOf(cmd.perms, cmd.extra),
      });
    case 'menuMove':
      return send('/admin/base/sys/menu/update', {
        id: from(menuPool, cmd.id),
        parentId: cmd.parent === null ? null : from(menuPool, cmd.parent),
      });
    case 'menuPerms':
      return send('/admin/base/sys/menu/update', { id: from(menuPool, cmd.id), perms: permsOf(cmd.perms, cmd.extra) });
    case 'menuDelete':
      return send('/admin/base/sys/menu/delete', { ids: [from(menuPool, cmd.id)] });
    case 'menuImport':
      return send('/admin/base/sys/menu/import', {
        menus: [
          {
            name: unique('imp'),
            type: 0,
            childMenus: [{ name: unique('btn'), type: 2, perms: permsOf(cmd.perms, cmd.extra) }],
          },
        ],
      });
    case 'roleAdd':
      return send('/admin/base/sys/role/add', {
        name: unique('role'),
        label: unique('r'),
        relevance: cmd.relevance,
        menuIdList: [...new Set(cmd.menus.map((n) => from(menuPool, n)!))],
        departmentIdList: [...new Set(cmd.departments.map((n) => from(departmentPool, n)!))],
      });
    case 'roleUpdate':
      return send('/admin/base/sys/role/update', {
        id: from(rolePool, cmd.id),
        relevance: cmd.relevance,
        menuIdList: [...new Set(cmd.menus.map((n) => from(menuPool, n)!))],
        departmentIdList: [...new Set(cmd.departments.map((n) => from(departmentPool, n)!))],
      });
    case 'roleDelete':
      return send('/admin/base/sys/role/delete', { ids: [from(rolePool, cmd.id)] });
    case 'userAdd':
      return send('/admin/base/sys/user/add', {
        username: unique('u'),
        name: 'Random',
        password: 'Random-pass-1',
        status: 1,
        departmentId: from(departmentPool, cmd.department),
        roleIdList: [...new Set(cmd.roles.map((n) => from(rolePool, n)!))],
      });
    case 'userUpdate':
      return send('/admin/base/sys/user/update', {
        id: from(userPool, cmd.id),
        ...(cmd.roles ? { roleIdList: [...new Set(cmd.roles.map((n) => from(rolePool, n)!))] } : {}),
        ...(cmd.department !== null ? { departmentId: from(departmentPool, cmd.department) } : {}),
        ...(cmd.password ? { password: 'Taken-over-1' } : { nickName: unique('nick') }),
      });
    case 'grantSelf':
      return send('/admin/base/sys/user/update', {
        id: callerId,
        roleIdList: [...new Set(cmd.roles.map((n) => from(rolePool, n)!))],
      });
    case 'userDelete':
      return send('/admin/base/sys/user/delete', { ids: [from(userPool, cmd.id)] });
    case 'userMove':
      return send('/admin/base/sys/user/move', {
        departmentId: from(departmentPool, cmd.department),
        userIds: [...new Set(cmd.ids.map((n) => from(userPool, n)!))],
      });
    case 'departmentAdd':
      return send('/admin/base/sys/department/add', {
        name: unique('dept'),
        parentId: from(departmentPool, cmd.parent),
      });
    case 'departmentMove':
      return send('/admin/base/sys/department/update', {
        id: from(departmentPool, cmd.id),
        parentId: from(departmentPool, cmd.parent),
      });
    case 'departmentDelete':
      return send('/admin/base/sys/department/delete', {
        ids: [from(departmentPool, cmd.id)],
        deleteUser: cmd.deleteUser,
      });
    case 'departmentOrder':
      return send('/admin/base/sys/department/order', [
        { id: from(departmentPool, cmd.id), parentId: from(departmentPool, cmd.parent), orderNum: 1 },
      ]);
    case 'paramAdd':
      return send('/admin/base/sys/param/add', { keyName: unique('k'), name: 'Random', data: 'x', dataType: 0 });
    case 'dictAdd': {
      const types = await ids('dict_type');
      return send('/admin/dict/info/add', { typeId: choose(types, 0) ?? 1, name: unique('d'), value: 'v' });
    }
    case 'restore':
      return send('/admin/recycle/data/restore', { ids: [choose(await ids('recycle_data'), cmd.id) ?? 1] });
  }
}

/** How a random delegated admin is built: some management menus, some other menus, departments, relevance. */
export type CallerSpec = {
  keepManagement: boolean[];
  otherMenus: number[];
  departments: number[];
  relevance: boolean;
  home: number;
};

export const callerArbitrary: fc.Arbitrary<CallerSpec> = fc.record({
  // Most management menus, so most callers can act; some lack a few, so 403s are exercised too.
  keepManagement: fc.array(
    fc.nat(4).map((n) => n !== 0),
    { minLength: 64, maxLength: 64 },
  ),
  otherMenus: fc.array(pick, { maxLength: 6 }),
  departments: fc.array(pick, { minLength: 1, maxLength: 3 }),
  relevance: fc.boolean(),
  home: pick,
});

/** Menus that manage users, roles, menus, departments, params, dicts and the recycle bin. */
export const isManagementMenu = (m: Row) =>
  /(base:sys:(user|role|menu|department|param)|dict:(info|type)|recycle:data):/.test(String(m.perms ?? ''));

export { choose };
