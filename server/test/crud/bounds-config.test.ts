import { describe, expect, it } from 'vitest';
import { BoundedPool } from '../../core/storage/picture-limits.js';
import { readConfig } from '../../config.js';

describe('limits an operator sets in the environment', () => {
  it('are read as whole numbers in their range; anything else stops the start naming the variable', () => {
    expect(
      readConfig({
        JOINERY_PICTURE_MAX_PIXELS: '20000000',
        JOINERY_UPLOAD_BYTES_PER_DAY: '5242880',
        JOINERY_BODY_MAX_BYTES: '',
        JOINERY_PICTURE_THREADS: '2',
      }).limits,
    ).toEqual({ pictureMaxPixels: 20_000_000, uploadBytesPerUserPerDay: 5_242_880, pictureConcurrency: 2 });
    expect(() => readConfig({ JOINERY_PICTURE_MAX_PIXELS: '2e9' })).toThrow(
      /JOINERY_PICTURE_MAX_PIXELS must be a whole number from 1000000 to 100000000/,
    );
    expect(() => readConfig({ JOINERY_BODY_MAX_BYTES: '1MB' })).toThrow(/JOINERY_BODY_MAX_BYTES/);
  });
});

describe('the bounded pool that decodes pictures', () => {
  it('runs at most its bound at once; the rest start in order, each as a slot frees', async () => {
    const pool = new BoundedPool(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    const done = Array.from({ length: 5 }, (_, i) =>
      pool.run(() => {
        started.push(i);
        return new Promise<number>((resolve) => release.push(() => resolve(i)));
      }),
    );
    await Promise.resolve();
    expect([started, pool.running, pool.waiting]).toEqual([[0, 1], 2, 3]);
    release[1]();
    expect(await done[1]).toBe(1);
    expect([started, pool.running, pool.waiting]).toEqual([[0, 1, 2], 2, 2]);
    release[0]();
    release[2]();
    await Promise.all([done[0], done[2]]);
    expect([started, pool.running, pool.waiting]).toEqual([[0, 1, 2, 3, 4], 2, 0]);
    release[3]();
    release[4]();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    expect(pool.running).toBe(0);
    // A task that fails frees its slot too.
    await expect(pool.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(pool.running).toBe(0);
  });
});
