import { stepTicks } from './SpaceTimeSearch.ts';

/**
 * When a knot's plan (configurations, Knot.ts) will be played out, estimated as the step queue plays it: a
 * member's step starts once it has arrived from its last one and the tile's previous occupant has arrived on its
 * next (the hold-both rule); a member stepping into a tile its occupant leaves in the same transition follows it
 * (no ring, so every chain ends). Corners are not waited for: an estimate.
 *
 * `configs[t][k]` is member k's tile (k from 1 to `members`) in the t-th configuration; `stepTime[k]` its time
 * for a straight step (a diagonal takes √2 of it), in whatever unit the caller counts. Returns, per transition t
 * (from configuration t − 1 to t, t ≥ 1), when each member's step starts (NaN for those that stay; index 0
 * unused), and when each member arrives on its last tile (0 for one that never moves).
 */
export function playOut(
  configs: Int32Array[],
  members: number,
  width: number,
  stepTime: Float64Array,
): { starts: Float64Array[]; arrivals: Float64Array } {
  const m = members;
  const w = width;
  // Per tile (tiles are numbered below `size`): when its occupant last arrived on its next tile (0: never
  // left), and who stands on it in the transition `onAt` says.
  let size = 0;
  for (const config of configs) for (let k = 1; k <= m; k++) if (config[k] >= size) size = config[k] + 1;
  const left = new Float64Array(size);
  const on = new Int32Array(size);
  const onAt = new Int32Array(size).fill(-1);
  const ready = new Float64Array(m + 1);
  const end = new Float64Array(m + 1);
  const stamp = new Int32Array(m + 1).fill(-1);
  const starts: Float64Array[] = [new Float64Array(0)];
  let t = 0;
  let before = configs[0];
  let after = configs[0];
  let start = starts[0];
  // When k's step of transition t ends (those it follows first: no ring, so it ends).
  const finish = (k: number): number => {
    if (stamp[k] === t) return end[k];
    const a = before[k];
    const b = after[k];
    const j = onAt[b] === t ? on[b] : 0;
    const free = j !== 0 && j !== k && after[j] !== b ? finish(j) : left[b];
    start[k] = Math.max(ready[k], free);
    end[k] = start[k] + stepTicks(w, stepTime[k], a, b);
    stamp[k] = t;
    return end[k];
  };
  for (t = 1; t < configs.length; t++) {
    before = configs[t - 1];
    after = configs[t];
    start = new Float64Array(m + 1).fill(Number.NaN);
    for (let k = 1; k <= m; k++) {
      on[before[k]] = k;
      onAt[before[k]] = t;
    }
    for (let k = 1; k <= m; k++) if (before[k] !== after[k]) finish(k);
    for (let k = 1; k <= m; k++) {
      if (before[k] === after[k]) continue;
      ready[k] = end[k];
      left[before[k]] = end[k];
    }
    starts.push(start);
  }
  return { starts, arrivals: ready };
}
