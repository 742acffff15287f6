import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { createStaff, menuRows, permsOf } from '../support/create-staff.js';
import type { DeclaredRoute } from '../../core/http/route-types.js';

import type { Eps } from '../../modules/base/open/eps-types.js';

/** TypeORM's declared column types, the vocabulary eps clients map to TypeScript (PROTOCOL §6.2). */
const VOCABULARY = new Set([
  'string',
  'number',
  'boolean',
  'date',
  'datetime',
  'text',
  'json',
  'varchar',
  'decimal',
  'int',
  'tinyint',
  'bigint',
  'simple-json',
  'simple-array',
]);
const LOCALES = ['zh-cn', 'zh-tw', 'en'] as const;

const routeKey = (method: string, url: string) => `${method.toLowerCase()} ${url}`;
const epsRoutes = (eps: Eps) =>
  Object.values(eps)
    .flat()
    .flatMap((e) => e.api.map((a) => routeKey(a.method, a.prefix + a.path)));

describe.each(DIALECTS)('eps (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let routes: DeclaredRoute[];
  const eps = async (token?: string, url = '/admin/base/open/eps'): Promise<Eps> => {
    const r = await t.call('GET', url, { token });
    expect(r.status, r.raw.slice(0, 300)).toBe(200);
    expect(r.body.code).toBe(1000);
    return r.body.data as Eps;
  };
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    routes = t.app.joinery.listRoutes();
  });
  afterAll(() => t.close());

  it('has the protocol shape for every controller, column and search hint', async () => {
    const data = await eps(admin);
    const entries = Object.entries(data).flatMap(([module, list]) => list.map((e) => ({ module, e })));
    expect(entries.length).toBeGreaterThanOrEqual(t.app.joinery.registry.all().filter((e) => e.api.length > 0).length);
    for (const { module, e } of entries) {
      const where = e.prefix;
      expect(e.module, where).toBe(module);
      expect(e.prefix.startsWith(`/admin/${module}/`), where).toBe(true);
      expect(e.info.type.name, where).toBe(e.prefix.split('/').pop());
      expect(e.api.length, where).toBeGreaterThan(0);
      for (const a of e.api) {
        expect(['get', 'post'], `${where}${a.path}`).toContain(a.method);
        expect(a.path, where).toMatch(/^\/[A-Za-z][A-Za-z0-9]*$/);
        expect([a.dts, a.tag, a.prefix, typeof a.summary, a.summary.length > 0], where).toEqual([
          {},
          '',
          e.prefix,
          'string',
          true,
        ]);
        expect(typeof a.ignoreToken, where).toBe('boolean');
      }
      const entity = t.app.joinery.registry.get(e.prefix.slice('/admin/'.length));
      if (!entity) {
        expect(e.name, `${where} has no entity, so no name`).toBeUndefined();
        expect(e.columns).toEqual([]);
        continue;
      }
      expect(e.name, where).toBe(entity.className);
      const names = e.columns.map((c) => c.propertyName);
      expect(names, where).toEqual(entity.fields.filter((f) => f.name !== 'tenantId' && !f.virtual).map((f) => f.name));
      expect(names.slice(-2), where).toEqual(['createTime', 'updateTime']);
      for (const c of [...e.columns, ...e.pageColumns]) {
        const at = `${where}.${c.propertyName}`;
        expect(VOCABULARY.has(c.type), `${at} type ${c.type}`).toBe(true);
        expect(typeof c.length, at).toBe('string');
        expect(c.length, at).toMatch(['varchar', 'string'].includes(c.type) ? /^([1-9][0-9]*)?$/ : /^$/);
        expect(typeof c.nullable, at).toBe('boolean');
        expect(typeof c.comment, at).toBe('string');
        if (c.dict !== undefined) expect(typeof c.dict, at).toBe('string');
        expect(c.source, at).toMatch(/^[a-z][a-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/);
      }
      for (const c of e.columns) {
        const field = entity.fieldMap.get(c.propertyName)!;
        expect(c.source).toBe(`a.${c.propertyName}`);
        expect(c.defaultValue, `${where}.${c.propertyName} default`).toEqual(field.schema.default);
        expect(c.nullable, `${where}.${c.propertyName} nullable`).toBe(field.nullable);
      }
      expect(e.pageColumns.length === 0 || e.pageColumns.length > e.columns.length, where).toBe(true);
      const sources = new Set([...e.columns, ...e.pageColumns].map((c) => c.source));
      const op = e.pageQueryOp!;
      for (const name of [...op.keyWordLikeFields, ...op.fieldEq, ...op.fieldLike]) {
        expect(name, `${where} pageQueryOp`).toMatch(/^[a-z][a-z0-9]*\./);
        expect(sources.has(name), `${where} pageQueryOp ${name} names a column`).toBe(true);
      }
      const hints = e.joinery!;
      for (const l of LOCALES) expect(hints.title[l], `${where} title ${l}`).toMatch(/\S/);
      expect(hints.title).toEqual(entity.title);
      expect(hints.fields.map((f) => f.name)).toEqual(
        entity.fields.filter((f) => f.name !== 'tenantId').map((f) => f.name),
      );
      for (const f of hints.fields)
        for (const l of LOCALES) expect(f.label[l], `${where}.${f.name} label ${l}`).toMatch(/\S/);
      expect(hints.schema.type).toBe('object');
      const props = Object.keys(hints.schema.properties);
      expect(
        props.every((p) => hints.fields.some((f) => f.name === p) && !['id', 'createTime', 'updateTime'].includes(p)),
        where,
      ).toBe(true);
      expect(
        hints.schema.required.every((r) => props.includes(r)),
        where,
      ).toBe(true);
      // Only what forms read inside a field (money in nested data, nested labels and widgets) keeps its x- keyword.
      const xKeys = [...JSON.stringify(hints.schema).matchAll(/"(x-[a-z-]+)":/g)].map((m) => m[1]);
      expect(
        xKeys.filter((k) => !['x-money', 'x-label', 'x-ui'].includes(k)),
        where,
      ).toEqual([]);
      expect(() => new Ajv2020({ strict: false }).compile(hints.schema), `${where} form schema compiles`).not.toThrow();
    }
    const keys = epsRoutes(data);
    expect(new Set(keys).size, 'each route once').toBe(keys.length);
  });

  it("column types are the original's: declared where the schema declares one, else the JS type name (§6.2)", async () => {
    const data = await eps(admin);
    const columnsOf = (prefix: string) =>
      new Map(
        Object.values(data)
          .flat()
          .find((e) => e.prefix === `/admin/${prefix}`)!
          .columns.map((c) => [c.propertyName, c]),
      );
    const user = columnsOf('base/sys/user');
    expect(user.get('id')).toMatchObject({ type: 'number', length: '' });
    expect(user.get('username')).toMatchObject({ type: 'string', length: '100' });
    expect(user.get('departmentId')).toMatchObject({ type: 'number', nullable: true });
    expect(user.get('status')).toMatchObject({ type: 'number' });
    expect(user.get('createTime')).toMatchObject({ type: 'datetime', length: '' });
    const task = columnsOf('task/info');
    expect(task.get('startDate')).toMatchObject({ type: 'date', length: '' });
    const role = columnsOf('base/sys/role');
    expect(role.get('relevance')).toMatchObject({ type: 'boolean' });
    expect(role.get('menuIdList')).toMatchObject({ type: 'json' });
    expect(columnsOf('user/level').get('discount')).toMatchObject({ type: 'decimal' });
    for (const entry of Object.values(data).flat()) {
      const entity = t.app.joinery.registry.get(entry.prefix.slice('/admin/'.length));
      if (!entity) continue;
      for (const c of entry.columns) {
        const declared = entity.fieldMap.get(c.propertyName)!.schema['x-column']?.type;
        if (declared) expect(c.type, `${entry.prefix}.${c.propertyName}`).toBe(declared);
        else
          expect(
            ['number', 'string', 'boolean', 'date', 'datetime', 'json'],
            `${entry.prefix}.${c.propertyName} ${c.type}`,
          ).toContain(c.type);
      }
    }
  });

  it('shows the super admin every route, with the summary and openness the server enforces', async () => {
    const data = await eps(admin);
    const api = new Map(
      Object.values(data)
        .flat()
        .flatMap((e) => e.api.map((a) => [routeKey(a.method, a.prefix + a.path), a] as const)),
    );
    expect(new Set(api.keys())).toEqual(new Set(routes.map((r) => routeKey(r.method, r.url))));
    for (const r of routes) {
      const a = api.get(routeKey(r.method, r.url))!;
      expect([a.summary, a.ignoreToken, a.access], r.url).toEqual([r.summary, r.access === 'public', r.access]);
    }
    const user = data.base.find((e) => e.prefix === '/admin/base/sys/user')!;
    expect(user.api.map((a) => a.path).sort()).toEqual([
      '/add',
      '/delete',
      '/export',
      '/history',
      '/historyExport',
      '/import',
      '/info',
      '/list',
      '/move',
      '/page',
      '/revert',
      '/update',
    ]);
    expect(user.api.find((a) => a.path === '/info')!.method).toBe('get');
  });

  it('shows an anonymous caller only public routes, and a partial role only what it may call', async () => {
    const publicKeys = routes.filter((r) => r.access === 'public').map((r) => routeKey(r.method, r.url));
    expect(new Set(epsRoutes(await eps()))).toEqual(new Set(publicKeys));
    expect(new Set(epsRoutes(await eps('not-a-token')))).toEqual(new Set(publicKeys));

    const menu = (await menuRows(t, admin)).find(
      (m) => m.perms === 'product:info:page,product:info:list,product:info:info',
    )!;
    const staff = await createStaff(t, admin, { username: 'eps_partial', menuIds: [menu.id] });
    const login = await t.call('POST', '/admin/base/open/login', {
      body: { username: staff.username, password: staff.password },
    });
    const perms = permsOf([menu]);
    const mine = routes
      .filter((r) => r.access === 'public' || r.access === 'login' || perms.has(r.access))
      .map((r) => routeKey(r.method, r.url));
    const seen = await eps(String((login.body.data as { token: string }).token));
    expect(new Set(epsRoutes(seen))).toEqual(new Set(mine));
    expect(seen.product.map((e) => e.prefix)).toEqual(['/admin/product/info']);
    expect(seen.product[0].api.map((a) => a.path).sort()).toEqual([
      '/export',
      '/history',
      '/historyExport',
      '/info',
      '/list',
      '/page',
    ]);
    expect(seen.base.some((e) => e.prefix === '/admin/base/sys/user')).toBe(false);
  });

  it('follows the caller at once: a menu granted or taken from the role, an entity made on the server (nothing kept stale)', async () => {
    const menus = await menuRows(t, admin);
    const product = menus.find((m) => m.perms === 'product:info:page,product:info:list,product:info:info')!;
    const param = menus.find((m) => m.perms?.split(',').includes('base:sys:param:page'))!;
    expect(param, 'a menu row granting the parameter list').toBeDefined();
    const staff = await createStaff(t, admin, { username: 'eps_follows', menuIds: [product.id] });
    const login = await t.call('POST', '/admin/base/open/login', {
      body: { username: staff.username, password: staff.password },
    });
    const token = String((login.body.data as { token: string }).token);
    const prefixes = async (who: string) =>
      Object.values(await eps(who))
        .flat()
        .map((e) => e.prefix);
    expect(await prefixes(token)).toContain('/admin/product/info');
    expect(await prefixes(token)).not.toContain('/admin/base/sys/param');
    const grant = async (menuIds: number[]) => {
      const r = await t.call('POST', '/admin/base/sys/role/update', {
        token: admin,
        body: { id: staff.roleId, menuIdList: menuIds },
      });
      expect(r.status, r.raw).toBe(200);
    };
    await grant([product.id, param.id]);
    expect(await prefixes(token)).toContain('/admin/base/sys/param');
    await grant([param.id]);
    expect(await prefixes(token)).not.toContain('/admin/product/info');

    // An entity the registry gains is in the next eps of a caller who may read it (the super admin).
    const before = await prefixes(admin);
    expect(before).not.toContain('/admin/demo/epsfresh');
    const entity = t.app.joinery.registry.get('demo/goods')!;
    t.app.joinery.registry.register({
      ...entity,
      prefix: 'demo/epsfresh',
      table: 'demo_epsfresh',
      className: 'EpsFresh',
    });
    try {
      expect(await prefixes(admin)).toContain('/admin/demo/epsfresh');
    } finally {
      t.app.joinery.registry.unregister('demo/epsfresh');
    }
    expect(await prefixes(admin)).toEqual(before);
  });

  it('answers under /api as well', async () => {
    expect(await eps(admin, '/api/admin/base/open/eps')).toEqual(await eps(admin));
  });
});

describe.each(DIALECTS)('eps with JOINERY_EPS_PUBLIC (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect, { epsPublic: true });
  });
  afterAll(() => t.close());

  it('shows an anonymous caller every route', async () => {
    const r = await t.call('GET', '/admin/base/open/eps');
    expect(r.status).toBe(200);
    const all = t.app.joinery.listRoutes().map((x) => routeKey(x.method, x.url));
    expect(new Set(epsRoutes(r.body.data as Eps))).toEqual(new Set(all));
  });
});
