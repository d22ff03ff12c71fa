import type { Timetable } from './SpaceTimeSearch.ts';

/**
 * Rewrites a timetable with out-and-back steps made while its walker stands on a tile of its way (goal visits,
 * GoalVisits.ts; steps aside, StepAside.ts): `at(k)` gives, for the stand on `cells[k]` that ends when the
 * step at `departs[k]` starts, the excursions as [tile, out, back, …] (the ticks its step out and its step
 * back start), or null for none. The way and every departure on it are kept. Changed in place.
 */
export function withExcursions(plan: Timetable, at: (k: number) => number[] | null): void {
  const { cells, departs } = plan;
  const n = cells.length;
  let outCells: number[] | null = null;
  let outDeparts: number[] | null = null;
  for (let k = 0; k + 1 < n; k++) {
    const v = cells[k];
    const trips = at(k);
    if (trips === null) {
      outCells?.push(v);
      outDeparts?.push(departs[k]);
      continue;
    }
    outCells ??= cells.slice(0, k);
    outDeparts ??= departs.slice(0, k);
    outCells.push(v);
    for (let j = 0; j < trips.length; j += 3) {
      outDeparts.push(trips[j + 1]);
      outCells.push(trips[j]);
      outDeparts.push(trips[j + 2]);
      outCells.push(v);
    }
    outDeparts.push(departs[k]);
  }
  if (outCells === null || outDeparts === null) return;
  outCells.push(cells[n - 1]);
  plan.cells = outCells;
  plan.departs = outDeparts;
}
