import { describe, expect, it } from 'vitest';
import { hasPermission } from './permission-rule';

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
