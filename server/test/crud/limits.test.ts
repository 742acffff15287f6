import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WindowCounter } from '../../core/limits.js';

describe("WindowCounter: per-key windows that open at the key's first event", () => {
  it('a burst shorter than the window is counted whole, wherever the clock is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 200 }), (start, events) => {
        const counter = new WindowCounter(60_000);
        // Events spread over just under a minute, starting anywhere (a clock minute's end included).
        const counts = Array.from({ length: events }, (_, i) =>
          counter.hit('ip', start + Math.floor((i * 59_999) / events)),
        );
        expect(counts).toEqual(Array.from({ length: events }, (_, i) => i + 1));
      }),
    );
  });

  it("matches a model over any sequence of keys and pauses: counts restart only once a key's own window has passed", () => {
    const step = fc.record({
      key: fc.constantFrom('a', 'b', 'c'),
      wait: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 90_000 })),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(step, { maxLength: 120 }), (start, steps) => {
        const windowMs = 10_000;
        const counter = new WindowCounter(windowMs);
        const model = new Map<string, { start: number; n: number }>();
        let now = start;
        for (const { key, wait } of steps) {
          now += wait;
          const was = model.get(key);
          let expected = 1;
          if (was && now - was.start < windowMs) expected = ++was.n;
          else model.set(key, { start: now, n: 1 });
          expect(counter.hit(key, now)).toBe(expected);
        }
      }),
    );
  });

  it("a clock set back past a key's window start ends that window (the key is not held back until the clock catches up)", () => {
    const counter = new WindowCounter(60_000);
    const at = 10_000_000;
    for (let i = 1; i <= 5; i++) expect(counter.hit('ip', at + i)).toBe(i);
    expect(counter.hit('ip', at - 86_400_000)).toBe(1);
    expect(counter.hit('ip', at - 86_400_000 + 1)).toBe(2);
  });

  it('past maxKeys, new keys are not remembered, and keys whose window ended make room again', () => {
    const counter = new WindowCounter(1_000, 2);
    expect([counter.hit('a', 0), counter.hit('b', 0), counter.hit('c', 0), counter.hit('c', 1)]).toEqual([1, 1, 1, 1]);
    expect(counter.hit('a', 10)).toBe(2);
    // A window later the ended keys are dropped: a third key is counted.
    expect([counter.hit('c', 1_500), counter.hit('c', 1_501)]).toEqual([1, 2]);
  });
});
