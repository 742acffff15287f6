/** A SKU an order line may name: a key for the picker, its label, and what is sent for it. */
export type SkuChoice = { key: string; label: string; specs: Record<string, string>; code?: string; price: number };

/**
 * The one place the order form reads a product's SKUs (its skuInfo as the product list sends it). Kept small so a
 * change of the SKU shape is made here only; the server matches a line by `skuCode`, else by equal `specs`.
 */
export function productSkus(product: Record<string, unknown> | undefined): SkuChoice[] {
  const raw = product?.skuInfo;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s, i) => {
    if (typeof s !== 'object' || s === null) return [];
    const sku = s as { specs?: unknown; price?: unknown; code?: unknown };
    const specs =
      typeof sku.specs === 'object' && sku.specs !== null ? (sku.specs as Record<string, string>) : ({} as never);
    const code = typeof sku.code === 'string' && sku.code !== '' ? sku.code : undefined;
    return [
      {
        key: code ?? String(i),
        label: Object.values(specs).join(' / ') || (code ?? `#${i + 1}`),
        specs,
        code,
        price: Number(sku.price),
      },
    ];
  });
}
