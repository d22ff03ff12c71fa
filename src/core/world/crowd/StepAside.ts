import { DX, DY, type NavGrid } from '../../grid/index.ts';
import type { Reservations } from './Reservations.ts';
import type { Timetable } from './SpaceTimeSearch.ts';

/**
 * A timetable that stands long on one tile away from its goal (others pass ahead of it first) steps aside and
 * back now and then: to a free tile straight beside it and at once back, within a free spell of that tile, so
 * it never stands for more than `maxStand` ticks between the starts of two steps where it can help it. Its
 * arrival and every step of its way are unchanged, and nobody else's timetable is touched: the waiting tile
 * stays its own (it steps back the tick it gets there), and each step aside fits a gap in the reservations of
 * the tile it visits, which those planned after it then go round. What changes is what a watcher sees: a
 * walker that shifts on its feet while a stream of others goes by, not one frozen for half a minute (maze ×38:
 * walkers stood 20–26 s a few tiles from their goals while others filed past).
 *
 * A step aside is made as late as it may be (at `maxStand` after the walker's last step started), or the
 * first moment after that when some neighbour is free. Both its steps are gated (`plan.gated`): they may not
 * start before their ticks, or the walker would step aside the moment it arrives and then stand as long.
 *
 * `plan` is the walker's timetable from `from`, not yet reserved (the walker holds nothing); it is changed in
 * place. `gaps` is scratch for a tile's free intervals. Only straight neighbours are visited (no corners to
 * check, and the same in a four-way world).
 */
export function stepAsideInLongWaits(
  plan: Timetable,
  from: number,
  id: number,
  straight: number,
  grid: NavGrid,
  reservations: Reservations,
  gaps: Float64Array,
  maxStand: number,
): void {
  const { cells, departs } = plan;
  const n = cells.length;
  if (n < 2) return;
  const w = grid.width;
  const goal = cells[n - 1];
  const d = Math.ceil(straight);
  let outCells: number[] | null = null;
  let outDeparts: number[] | null = null;
  let outGated: boolean[] | null = null;
  const gated = plan.gated;
  for (let k = 0; k + 1 < n; k++) {
    const v = cells[k];
    // When the walker's last step started, when it stands on v ready to go on, and when it goes on.
    const stepped = k === 0 ? from : departs[k - 1];
    const t0 = k === 0 ? Math.ceil(from) : Math.ceil(departs[k - 1] + stepTime(w, straight, cells[k - 1], v));
    const leave = departs[k];
    const asides = v !== goal && leave - stepped > maxStand ? asidesFrom(v, t0, stepped, leave) : null;
    if (asides === null) {
      outCells?.push(v);
      outDeparts?.push(leave);
      outGated?.push(gated?.[k] === true);
      continue;
    }
    outCells ??= cells.slice(0, k);
    outDeparts ??= departs.slice(0, k);
    outGated ??= Array.from({ length: k }, (_, j) => gated?.[j] === true);
    outCells.push(v);
    for (let j = 0; j < asides.length; j += 2) {
      outDeparts.push(asides[j + 1]);
      outGated.push(true);
      outCells.push(asides[j]);
      outDeparts.push(asides[j + 1] + d);
      outGated.push(true);
      outCells.push(v);
    }
    outDeparts.push(leave);
    outGated.push(gated?.[k] === true);
  }
  if (outCells === null || outDeparts === null || outGated === null) return;
  outCells.push(goal);
  plan.cells = outCells;
  plan.departs = outDeparts;
  plan.gated = outGated;

  /** The steps aside [tile, tick, tile, tick, …] while the walker stands on v from t0 until `leave` (null: none). */
  function asidesFrom(v: number, t0: number, stepped: number, leave: number): number[] | null {
    const vx = v % w;
    const vy = (v - vx) / w;
    let asides: number[] | null = null;
    let last = stepped;
    while (leave - last > maxStand) {
      // The tick wanted: maxStand after the last step started; the latest free one before it, else the first after.
      const want = Math.floor(last + maxStand);
      let bestTile = -1;
      let bestTick = Number.POSITIVE_INFINITY;
      for (let dir = 0; dir < 8; dir += 2) {
        if (!grid.canStep(vx, vy, dir) || !grid.canStep(vx + DX[dir], vy + DY[dir], (dir + 4) & 7)) continue;
        const u = v + DY[dir] * w + DX[dir];
        const count = reservations.gaps(u, t0, id, gaps);
        for (let g = 0; g < count; g++) {
          // Out at t, on u from t + d, back on v by t + 2d: u free over [t, t + 2d], v left by `leave`.
          const lo = Math.max(Math.ceil(gaps[2 * g]), t0, Math.floor(last) + 1);
          const hi = Math.min(gaps[2 * g + 1], leave) - 2 * d;
          if (hi < lo) continue;
          const t = want < lo ? lo : want > hi ? Math.floor(hi) : want;
          if (better(t, bestTick, want)) {
            bestTick = t;
            bestTile = u;
          }
          if (lo > want) break;
        }
      }
      if (bestTile < 0) return asides;
      asides ??= [];
      asides.push(bestTile, bestTick);
      last = bestTick + d;
    }
    return asides;
  }
}

/** Whether tick `t` is a better time to step aside than `best`, for a walker wanting to at `want`. */
function better(t: number, best: number, want: number): boolean {
  if (best === Number.POSITIVE_INFINITY) return true;
  if (t <= want) return best > want || t > best;
  return best > want && t < best;
}

function stepTime(w: number, straight: number, a: number, b: number): number {
  return a % w !== b % w && Math.floor(a / w) !== Math.floor(b / w) ? straight * Math.SQRT2 : straight;
}
