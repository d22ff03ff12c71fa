import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BandQueue } from '../../../src/core/path/BandQueue.ts';

const SPAN = 2 * Math.SQRT2;
/** Where the keys start: path costs from 0 to 5,000 (not denormal numbers, which no path costs). */
const base = fc.integer({ min: 0, max: 320_000 }).map((i) => i / 64);
const CELLS = 64;

type Step = { kind: 'push'; cell: number; above: number } | { kind: 'pop' };

const steps = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('push' as const),
      cell: fc.integer({ min: 0, max: CELLS - 1 }),
      above: fc.double({ min: 0, max: SPAN, noNaN: true }),
    }),
    fc.constant({ kind: 'pop' as const }),
  ),
  { maxLength: 300 },
);

/**
 * Drives a queue the way A* does (keys never below the last pop, never more than SPAN above it; a cell
 * pushed again only with a lower key) and checks every pop against a plain list of the open cells: the
 * popped cell holds the least key, keys closer than 1e-10 relatively counting as equal.
 */
function replay(scale: number, base: number, script: Step[]): void {
  const pos = new Int32Array(CELLS).fill(-1);
  const q = new BandQueue(pos, SPAN, scale);
  const open = new Map<number, number>();
  const closed = new Set<number>();
  let last = base;
  q.reset(base);
  const popAndCheck = () => {
    const c = q.pop();
    if (open.size === 0) {
      expect(c).toBe(-1);
      return;
    }
    const least = Math.min(...open.values());
    expect(open.has(c), `popped ${c}, which is not open`).toBe(true);
    const key = open.get(c) as number;
    expect(q.lastKey).toBe(key);
    // The least key, up to the rounding noise the queue treats as a tie (1e-10 relatively).
    expect(key).toBeLessThanOrEqual(least + 1e-10 * least);
    open.delete(c);
    closed.add(c);
    last = key;
  };
  for (const s of script) {
    if (s.kind === 'pop') {
      popAndCheck();
      continue;
    }
    if (closed.has(s.cell)) continue;
    const key = last + s.above;
    const now = open.get(s.cell);
    if (now !== undefined && key >= now) continue;
    q.push(s.cell, key, now === undefined);
    open.set(s.cell, key);
  }
  while (open.size > 0) popAndCheck();
  expect(q.pop()).toBe(-1);
}

describe('BandQueue (the open list of unit-cost A*)', () => {
  it('pops the open cell with the least key, skipping entries that a cheaper push replaced', () => {
    fc.assert(
      fc.property(base, steps, (from, script) => replay(1024, from, script)),
      { numRuns: 300 },
    );
  });

  it('keeps the order exact when bands are coarse enough to hold several keys (mixed bands)', () => {
    fc.assert(
      fc.property(base, steps, (from, script) => replay(2, from, script)),
      { numRuns: 300 },
    );
    const pos = new Int32Array(4).fill(-1);
    const q = new BandQueue(pos, SPAN, 2);
    q.reset(10);
    q.push(0, 10.3, true);
    q.push(1, 10.1, true);
    q.push(2, 10.2, true);
    expect([q.pop(), q.pop(), q.pop()]).toEqual([1, 2, 0]);
    expect(q.mixedPops).toBeGreaterThan(0);
  });

  it('among equal keys, pops the cell pushed last (the deepest, as A* prefers)', () => {
    const pos = new Int32Array(4).fill(-1);
    const q = new BandQueue(pos, SPAN);
    q.reset(7);
    for (const c of [0, 1, 2, 3]) q.push(c, 7 + Math.SQRT2, true);
    expect([q.pop(), q.pop(), q.pop(), q.pop()]).toEqual([3, 2, 1, 0]);
  });

  it('starts empty after a reset, whatever the last search left behind', () => {
    const pos = new Int32Array(8).fill(-1);
    const q = new BandQueue(pos, SPAN);
    q.reset(0);
    for (let c = 0; c < 8; c++) q.push(c, c * 0.3, true);
    expect(q.pop()).toBe(0);
    q.reset(100);
    expect(q.pop()).toBe(-1);
    q.push(5, 101, true);
    expect(q.pop()).toBe(5);
    expect(q.pop()).toBe(-1);
  });

  it('grows past its first thousand entries without losing one', () => {
    const n = 5000;
    const pos = new Int32Array(n).fill(-1);
    const q = new BandQueue(pos, SPAN);
    q.reset(0);
    for (let c = 0; c < n; c++) q.push(c, ((c * 7919) % n) / n, true);
    let last = -1;
    for (let i = 0; i < n; i++) {
      const c = q.pop();
      expect(c).toBeGreaterThanOrEqual(0);
      expect(q.lastKey).toBeGreaterThanOrEqual(last);
      last = q.lastKey;
    }
    expect(q.pop()).toBe(-1);
  });

  it('says so when a caller counted open cells it never filed', () => {
    const pos = new Int32Array(2).fill(-1);
    const q = new BandQueue(pos, SPAN);
    q.reset(0);
    q.live = 1;
    expect(() => q.pop()).toThrow(/no band|all are empty/);
  });
});
