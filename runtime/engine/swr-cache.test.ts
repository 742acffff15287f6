import { describe, expect, it } from 'vitest';
import { unstable_serialize } from 'swr';
import { BoundedListCache, entityRowsKey } from './swr-cache';

// A list page's key as useEntityList makes it and SWR stores it.
const page = (n: number) => unstable_serialize(entityRowsKey('product/info', 'page', { page: n, size: 100 }));

describe('BoundedListCache', () => {
  it('keeps only the most recently read list pages, and every other entry', () => {
    const cache = new BoundedListCache<number>(3);
    cache.set('/admin/base/comm/permmenu', -1);
    for (let n = 1; n <= 5; n++) cache.set(page(n), n);
    expect([1, 2, 3, 4, 5].filter((n) => cache.has(page(n)))).toEqual([3, 4, 5]);
    expect(cache.get('/admin/base/comm/permmenu')).toBe(-1);
  });

  it('a page read again is kept over pages read before it', () => {
    const cache = new BoundedListCache<number>(2);
    cache.set(page(1), 1);
    cache.set(page(2), 2);
    expect(cache.get(page(1))).toBe(1);
    cache.set(page(3), 3);
    expect([1, 2, 3].filter((n) => cache.has(page(n)))).toEqual([1, 3]);
  });

  it('walking the keys while reading each entry ends (SWR mutate with a filter does this)', () => {
    const cache = new BoundedListCache<number>(5);
    for (let n = 1; n <= 3; n++) cache.set(page(n), n);
    cache.set('other', 0);
    const seen: string[] = [];
    for (const key of cache.keys()) {
      seen.push(key);
      cache.get(key);
      if (seen.length > 10) break;
    }
    expect(seen).toHaveLength(4);
  });

  it('bounds the pages of every list mode and keeps keys that are not list pages, however many', () => {
    const cache = new BoundedListCache<number>(1);
    const tree = unstable_serialize(entityRowsKey('base/sys/menu', 'tree', {}));
    const list = unstable_serialize(entityRowsKey('dict/info', 'list', { keyWord: 'a' }));
    const others = Array.from({ length: 5 }, (_, n) => unstable_serialize(['/admin/dict/info/data', String(n)]));
    cache.set(tree, 1);
    for (const k of others) cache.set(k, 0);
    cache.set(list, 2);
    expect([cache.has(tree), cache.has(list)]).toEqual([false, true]);
    expect(others.filter((k) => cache.has(k))).toEqual(others);
  });
});
