import { describe, expect, it } from 'vitest';
import { unstable_serialize } from 'swr';
import { BoundedListCache } from './swr-cache';

const page = (n: number) =>
  unstable_serialize(['entity-rows', 'product/info', 'page', JSON.stringify({ page: n, size: 100 })]);

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

  it('recognizes the keys SWR makes from useEntityList keys', () => {
    expect(page(1)).toContain('entity-rows');
  });
});
