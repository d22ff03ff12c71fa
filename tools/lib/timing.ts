/** Timing helpers the benches share: quantiles, and microseconds less the timer's own cost. */
import { performance } from 'node:perf_hooks';

/** The q-quantile (0–1) of values already sorted ascending (the nearest rank below). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

export function median(values: readonly number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * What a timed interval costs with nothing in it: the median of back-to-back `performance.now()` pairs
 * (~80 ns here). Benches take it off every query's time, for every pathfinder alike, so a microsecond search
 * is not charged for the clock.
 */
export function timerOverheadUs(): number {
  const empty: number[] = [];
  for (let i = 0; i < 20000; i++) {
    const t0 = performance.now();
    empty.push((performance.now() - t0) * 1000);
  }
  return median(empty);
}

/** Microseconds since `t0` (a `performance.now()`), less `overheadUs`. */
export function sinceUs(t0: number, overheadUs: number): number {
  return Math.max(0, (performance.now() - t0) * 1000 - overheadUs);
}

/** "12.3 µs" or "1.23 ms". */
export function formatUs(us: number): string {
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
}
