import { dirOf, type NavGrid } from '../../grid/index.ts';
import { withExcursions } from './Excursions.ts';
import type { Reservations } from './Reservations.ts';
import { stepTicks, type Timetable } from './SpaceTimeSearch.ts';

/**
 * A timetable that waits beside the goal (others pass the goal later, so the walker may stay there only after
 * them) visits the goal in the free spells between those passing: it steps on as soon as the goal is free,
 * stays while it can, and steps back to its waiting tile before the next one comes (the step back waits for
 * its tick: StepQueue's `notBefore`). Its arrival for good is unchanged, and nobody else's timetable is
 * touched: the waiting tile is the walker's own all along, and each visit fits a gap in the goal's
 * reservations (and, for a diagonal, its corners are free as it starts). What changes is what a watcher sees:
 * a walker that reaches its goal and makes way, not one that stands beside it for as long as a stream of
 * others takes to pass (maze ×38: 42 s).
 *
 * Only waits of at least `minWait` ticks are broken so: every visit takes the goal's free time from those
 * planned after the walker, and in a dense crowd visits for short waits cost more than they show (random
 * ×300 with 8 moves: sum 14.9× → 20.8× the lower bound with every wait visited, unchanged from 8 s up).
 *
 * `plan` is the walker's timetable from `from`, not yet reserved (the walker holds nothing); it is changed in
 * place. `gaps` is scratch for the goal's free intervals. With 4 `moves` only a tile straight beside the goal
 * visits it.
 */
export function visitGoal(
  plan: Timetable,
  from: number,
  id: number,
  straight: number,
  grid: NavGrid,
  reservations: Reservations,
  gaps: Float64Array,
  minWait: number,
  moves: 8 | 4,
): void {
  const { cells, departs } = plan;
  const n = cells.length;
  if (n < 2) return;
  const w = grid.width;
  const goal = cells[n - 1];
  const gx = goal % w;
  const gy = (goal - gx) / w;
  withExcursions(plan, (k) => {
    const v = cells[k];
    // When the walker stands on v, ready to go on, and when it goes on.
    const t0 =
      k === 0 ? Math.ceil(from) : Math.ceil(departs[k - 1] + stepTicks(w, straight, cells[k - 1], v));
    const leave = departs[k];
    const vx = v % w;
    const vy = (v - vx) / w;
    const dx = gx - vx;
    const dy = gy - vy;
    const d = dx !== 0 && dy !== 0 ? straight * Math.SQRT2 : straight;
    const visits =
      v !== goal &&
      dx >= -1 &&
      dx <= 1 &&
      dy >= -1 &&
      dy <= 1 &&
      (moves === 8 || dx === 0 || dy === 0) &&
      leave - t0 >= minWait &&
      leave - t0 >= 2 * d + 1 &&
      grid.canStep(vx, vy, dirOf(dx, dy))
        ? visitsFrom(v, goal, t0, leave, d, w, id, reservations, gaps)
        : null;
    if (visits === null) return null;
    const trips: number[] = [];
    for (let j = 0; j < visits.length; j += 2) trips.push(goal, visits[j], visits[j + 1]);
    return trips;
  });
}

/**
 * The visits [on, off, on, off, …] the walker can make to the goal from v while it waits there from `t0`
 * until `leave`, each within a free spell of the goal and back on v by `leave` (null: none).
 */
function visitsFrom(
  v: number,
  goal: number,
  t0: number,
  leave: number,
  d: number,
  w: number,
  id: number,
  reservations: Reservations,
  gaps: Float64Array,
): number[] | null {
  const diagonal = goal % w !== v % w && Math.floor(goal / w) !== Math.floor(v / w);
  const c1 = v + ((goal % w) - (v % w));
  const c2 = goal - ((goal % w) - (v % w));
  const count = reservations.gaps(goal, t0, id, gaps);
  let visits: number[] | null = null;
  let t = t0;
  for (let k = 0; k < count; k++) {
    const s = gaps[2 * k];
    const e = gaps[2 * k + 1];
    if (s >= leave) break;
    // On at t1 (the goal held from then), off at t2, back on v by t2 + d, the goal free until then.
    const t1 = Math.max(t, Math.ceil(s));
    const t2 = Math.min(Math.floor(e - d), Math.floor(leave - d));
    if (t2 < Math.ceil(t1 + d)) continue;
    if (diagonal && !cornersFree(reservations, id, c1, c2, t1, t2)) continue;
    visits ??= [];
    visits.push(t1, t2);
    t = Math.ceil(t2 + d);
  }
  return visits;
}

function cornersFree(
  reservations: Reservations,
  id: number,
  c1: number,
  c2: number,
  t1: number,
  t2: number,
): boolean {
  return (
    !reservations.heldAt(c1, t1, id) &&
    !reservations.heldAt(c2, t1, id) &&
    !reservations.heldAt(c1, t2, id) &&
    !reservations.heldAt(c2, t2, id)
  );
}
