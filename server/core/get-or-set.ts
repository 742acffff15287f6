/** What a Map and a WeakMap share: enough to memoize by key. */
type KeyedStore<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown };

/** The value kept under `key`, made by `make` (and kept) the first time it is asked for. */
export function getOrSet<K, V>(store: KeyedStore<K, V>, key: K, make: () => V): V {
  let value = store.get(key);
  if (value === undefined) {
    value = make();
    store.set(key, value);
  }
  return value;
}
