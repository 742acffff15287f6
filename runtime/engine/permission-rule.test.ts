import { describe, expect, it } from 'vitest';
import { hasPermission, mayCallAction } from './permission-rule';

const perms = ['base:sys:user:page', 'base:sys:user:list', 'product:info:add', 'order:order:complete'];

describe('hasPermission (SPEC §6)', () => {
  it('matches a string by substring, as the original client does', () => {
    expect(hasPermission(perms, 'base:sys:user:page')).toBe(true);
    expect(hasPermission(perms, 'base:sys:user')).toBe(true);
    expect(hasPermission(perms, 'base:sys:user:delete')).toBe(false);
    expect(hasPermission([], 'base:sys:user:page')).toBe(false);
  });

  it('ignores spaces in the rule and in the held strings', () => {
    expect(hasPermission(perms, ' product : info : add ')).toBe(true);
    expect(hasPermission(['order: order :cancel'], 'order:order:cancel')).toBe(true);
  });

  it('or: any one held is enough; and: every one must be held; both lists must both pass', () => {
    expect(hasPermission(perms, { or: ['x:y', 'product:info:add'] })).toBe(true);
    expect(hasPermission(perms, { or: ['x:y', 'z:w'] })).toBe(false);
    expect(hasPermission(perms, { and: ['product:info:add', 'order:order:complete'] })).toBe(true);
    expect(hasPermission(perms, { and: ['product:info:add', 'order:order:cancel'] })).toBe(false);
    expect(hasPermission(perms, { or: ['x:y'], and: ['product:info:add'] })).toBe(false);
    expect(hasPermission(perms, { or: ['base:sys:user:list'], and: ['product:info:add'] })).toBe(true);
  });
});

describe('mayCallAction: what a route checks comes from eps, never rebuilt from the prefix', () => {
  const api = (path: string, access?: string) => ({
    method: 'post' as const,
    path,
    summary: path,
    prefix: '/admin/order/order',
    ignoreToken: access === 'public',
    access,
    dts: {},
    tag: '',
  });
  const entry = {
    module: 'order',
    prefix: '/admin/order/order',
    api: [
      api('/quote', 'order:order:add'),
      api('/detail', 'order:order:detail'),
      api('/mine', 'login'),
      api('/open', 'public'),
    ],
    columns: [],
  } as unknown as Parameters<typeof mayCallAction>[1];

  it("checks the route's own permission: order/order quote asks for order:order:add", () => {
    expect(mayCallAction(['order:order:add'], entry, 'quote')).toBe(true);
    expect(mayCallAction(['order:order:quote'], entry, 'quote')).toBe(false);
    expect(mayCallAction(['order:order:detail'], entry, 'detail')).toBe(true);
    expect(mayCallAction([], entry, 'detail')).toBe(false);
  });

  it('a login or public route needs no permission; a route eps does not list cannot be called', () => {
    expect(mayCallAction([], entry, 'mine')).toBe(true);
    expect(mayCallAction([], entry, 'open')).toBe(true);
    expect(mayCallAction(['order:order:cancel'], entry, 'cancel')).toBe(false);
    expect(mayCallAction(['order:order:add'], undefined, 'quote')).toBe(false);
  });
});
