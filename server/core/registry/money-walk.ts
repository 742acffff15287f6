/**
 * Money inside JSON values (SPEC §9: integer cents, shown in yuan): every value whose schema node carries `x-money`,
 * at any depth of `items` and `properties`, is mapped — to yuan where people read the value (an export's JSON cell),
 * back to cents where they wrote it (an import). One walker, so nested money is converted the same way everywhere.
 */
type Node = { properties?: Record<string, Node>; items?: Node; 'x-money'?: boolean };

export function mapMoney(
  schema: unknown,
  value: unknown,
  fn: (amount: number, path: string) => unknown,
  path = '',
): unknown {
  const node = schema as Node | undefined;
  if (!node || value === null || value === undefined) return value;
  if (node['x-money'] === true) return typeof value === 'number' ? fn(value, path) : value;
  if (Array.isArray(value))
    return node.items ? value.map((v, i) => mapMoney(node.items, v, fn, path ? `${path}.${i}` : String(i))) : value;
  if (typeof value === 'object' && node.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = node.properties[k] ? mapMoney(node.properties[k], v, fn, path ? `${path}.${k}` : k) : v;
    return out;
  }
  return value;
}

/** Cents as yuan (a number with at most 2 decimals: 1299 → 12.99). */
export const centsToYuanNumber = (cents: number): number => Math.round(cents) / 100;

/** Yuan back to cents, or undefined when it has more than 2 decimals. */
export function yuanNumberToCents(yuan: number): number | undefined {
  const cents = Math.round(yuan * 100);
  return Math.abs(cents - yuan * 100) > 1e-6 ? undefined : cents;
}
