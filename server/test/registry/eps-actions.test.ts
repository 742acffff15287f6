import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/harness.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import { checkEntitySemantics } from '../../core/registry/check-entity.js';
import type { EntitySchema } from '../../core/registry/entity-types.js';
import type { Row } from '../../core/db/row.js';

type Entry = {
  prefix: string;
  joinery?: {
    tabs?: string;
    actions?: { action: string; key: string; when?: Record<string, unknown[]>; body?: Row }[];
  };
};

/** Buttons and tabs declared in schemas reach the screen through eps, filtered to what the caller may call. */
describe('schema-declared buttons and tabs in eps (sqlite)', () => {
  let t: TestApp;
  let admin: string;
  const entry = async (token: string, prefix: string) => {
    const eps = (await t.call('GET', '/admin/base/open/eps', { token })).body.data as Record<string, Entry[]>;
    return Object.values(eps)
      .flat()
      .find((e) => e.prefix === `/admin/${prefix}`);
  };
  beforeAll(async () => {
    t = await startApp('sqlite');
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('lists the order transitions with the states that allow them, and the status tabs', async () => {
    const order = await entry(admin, 'order/order');
    expect(order?.joinery?.tabs).toBe('status');
    const byKey = Object.fromEntries((order?.joinery?.actions ?? []).map((a) => [a.key, a]));
    expect(Object.keys(byKey).sort()).toEqual(['cancel', 'complete', 'determined', 'submitAudit']);
    // audit/order's create, offered on order rows that were never submitted or were rejected.
    expect(byKey.submitAudit).toMatchObject({ entity: 'audit/order', action: 'create', when: { auditStatus: [0, 3] } });
    expect(byKey.determined.when).toEqual({ status: [0] });
    expect(byKey.complete.when).toEqual({ status: [1] });
    expect(byKey.cancel.when).toEqual({ status: [0, 1] });
    const audit = await entry(admin, 'audit/good');
    expect((audit?.joinery?.actions ?? []).filter((a) => a.action === 'decide').map((a) => [a.key, a.body])).toEqual([
      ['pass', { status: 1 }],
      ['reject', { status: 2 }],
    ]);
  });

  it('leaves out the buttons of actions the caller may not call', async () => {
    const menus = await menuRows(t, admin);
    const some = menus
      .filter((m) => /order:order:/.test(m.perms ?? '') && !/order:order:(complete|cancel)/.test(m.perms ?? ''))
      .map((m) => m.id);
    const staff = await createStaff(t, admin, { username: 'eps_orders', menuIds: some });
    const token = await t.login(staff.username, staff.password);
    const order = await entry(token, 'order/order');
    expect((order?.joinery?.actions ?? []).map((a) => a.key)).toEqual(['determined']);
  });

  it('refuses a schema whose tabs or button conditions name no suitable field', () => {
    const base = {
      type: 'object',
      'x-module': 'shop',
      'x-prefix': 'shop/thing',
      'x-table': 'shop_thing',
      'x-class': 'ShopThingEntity',
      'x-title': { 'zh-cn': '物', 'zh-tw': '物', en: 'Thing' },
      properties: {
        name: { type: 'string', 'x-label': { 'zh-cn': '名', 'zh-tw': '名', en: 'Name' } },
        state: { type: 'integer', enum: [0, 1], 'x-label': { 'zh-cn': '态', 'zh-tw': '態', en: 'State' } },
      },
    } as unknown as EntitySchema;
    expect(checkEntitySemantics({ ...base, 'x-tabs': 'state' })).toBeUndefined();
    expect(checkEntitySemantics({ ...base, 'x-tabs': 'name' })).toMatch(/x-tabs names "name"/);
    const button = { key: 'go', label: { 'zh-cn': '走', 'zh-tw': '走', en: 'Go' } };
    expect(
      checkEntitySemantics({
        ...base,
        'x-actions': [{ name: 'go', method: 'post', summary: 'go', ui: [{ ...button, when: { nope: [1] } }] }],
      }),
    ).toMatch(/condition on "nope"/);
    expect(
      checkEntitySemantics({ ...base, 'x-actions': [{ name: 'go', method: 'get', summary: 'go', ui: [button] }] }),
    ).toMatch(/must be a post/);
    // A master relation must be a single relation.
    const withRef = {
      ...base,
      properties: {
        ...base.properties,
        ownerId: { type: 'integer', 'x-label': base.properties.name['x-label'], 'x-ref': { entity: 'shop/owner' } },
      },
    } as EntitySchema;
    expect(checkEntitySemantics({ ...withRef, 'x-master': 'ownerId' })).toBeUndefined();
    expect(checkEntitySemantics({ ...withRef, 'x-master': 'name' })).toMatch(/x-master names "name"/);
    // The recycle-bin scope names the field that holds a row's department.
    expect(checkEntitySemantics({ ...withRef, 'x-scope': { department: 'ownerId' } })).toBeUndefined();
    expect(checkEntitySemantics({ ...withRef, 'x-scope': { department: 'id' } })).toBeUndefined();
    expect(checkEntitySemantics({ ...withRef, 'x-scope': { department: 'departmentId' } })).toMatch(
      /x-scope names "departmentId"/,
    );
    // A widget chosen by another field's value must name another field.
    const withWidgetBy = (field: string) =>
      ({
        ...base,
        properties: {
          ...base.properties,
          name: { ...base.properties.name, 'x-ui': { widgetBy: { field, widgets: { 1: 'richtext' } } } },
        },
      }) as EntitySchema;
    expect(checkEntitySemantics(withWidgetBy('state'))).toBeUndefined();
    expect(checkEntitySemantics(withWidgetBy('nope'))).toMatch(/widgetBy names "nope"/);
    expect(checkEntitySemantics(withWidgetBy('name'))).toMatch(/widgetBy names "name"/);
    // A tree needs a parentId naming a record of the same entity.
    const withParent = (entity: string) =>
      ({
        ...base,
        properties: {
          ...base.properties,
          parentId: { type: ['integer', 'null'], 'x-label': base.properties.name['x-label'], 'x-ref': { entity } },
        },
      }) as EntitySchema;
    expect(checkEntitySemantics({ ...withParent('shop/thing'), 'x-tree': true })).toBeUndefined();
    expect(checkEntitySemantics({ ...withParent('shop/owner'), 'x-tree': true })).toMatch(/x-tree needs a parentId/);
    expect(checkEntitySemantics({ ...base, 'x-tree': true })).toMatch(/x-tree needs a parentId/);
  });
});
