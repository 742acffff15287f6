/**
 * SWR's cache for the console, with the list pages bounded. SWR keeps every key it ever fetched for the life of the
 * page, so paging through a long list would keep every page read; here the entries of list pages (keys made by
 * useEntityList, which start with "entity-rows") are kept for the `maxPages` most recently read, the rest dropped
 * (a list opened again past that is fetched again). Every other entry (menus, eps, dictionaries…) is kept as SWR
 * keeps it.
 */
/** The SWR key of an entity list (useEntityList): the cache below recognises its entries by the first part. */
export function entityRowsKey<M extends string>(prefix: string, mode: M, body: Record<string, unknown>) {
  return ['entity-rows', prefix, mode, JSON.stringify(body)] as const;
}

export class BoundedListCache<V = unknown> extends Map<string, V> {
  constructor(private readonly maxPages = 20) {
    super();
  }

  private static isPage(key: string): boolean {
    return key.includes('"entity-rows"') || key.startsWith('entity-rows');
  }

  override get(key: string): V | undefined {
    const value = super.get(key);
    if (value !== undefined && BoundedListCache.isPage(key)) {
      // Read again: the newest, kept longest.
      super.delete(key);
      super.set(key, value);
    }
    return value;
  }

  /**
   * A snapshot of the keys: SWR's mutate(filter) reads each entry while it walks the keys, and a read moves a list page
   * to the end of the map, which a live iterator would then visit again — for ever.
   */
  override keys(): MapIterator<string> {
    return [...super.keys()][Symbol.iterator]() as MapIterator<string>;
  }

  override set(key: string, value: V): this {
    if (!BoundedListCache.isPage(key)) return super.set(key, value);
    super.delete(key);
    super.set(key, value);
    let pages = 0;
    for (const k of [...super.keys()].reverse()) {
      if (!BoundedListCache.isPage(k)) continue;
      if (++pages > this.maxPages) super.delete(k);
    }
    return this;
  }
}

type AllMutator = (filter: (key: unknown) => boolean) => Promise<unknown>;
let appMutate: AllMutator | undefined;

/** Set by the app (inside its SWRConfig): the mutate of the console's own cache, which SWR's global mutate does not see. */
export function setAppMutate(mutate: AllMutator): void {
  appMutate = mutate;
}

/** Revalidates every mounted entry of the console's cache (no entry dropped, so nothing flashes empty). */
export function revalidateAll(): void {
  void appMutate?.(() => true);
}
