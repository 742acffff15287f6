/**
 * What an entity's prefix already says, so a schema only states it to differ (x-module, x-table, x-class, and the
 * menu's router and viewPath are optional overrides):
 *   base/sys/userRole → module base, table base_sys_user_role, class BaseSysUserRoleEntity,
 *                       route /sys/userRole (the base module's pages sit under /sys, as in the original),
 *                       view modules/base/views/userRole.vue
 *   product/info      → module product, table product_info, class ProductInfoEntity, route /product/info,
 *                       view modules/product/views/info.vue
 */
export type DerivedNames = { module: string; table: string; className: string; router: string; viewPath: string };

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The TypeScript type name of an entity: `product/info` → `ProductInfo`. */
export const typeName = (prefix: string): string => prefix.split('/').map(pascal).join('');

export function namesFromPrefix(prefix: string): DerivedNames {
  const segments = prefix.split('/');
  const module = segments[0];
  return {
    module,
    table: segments.map(snake).join('_'),
    className: `${segments.map(pascal).join('')}Entity`,
    router: `/${(module === 'base' ? segments.slice(1) : segments).join('/')}`,
    viewPath: `modules/${module}/views/${segments[segments.length - 1]}.vue`,
  };
}
