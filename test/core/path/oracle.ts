import type { NavGrid } from '../../../src/core/grid/index.ts';
import { DX, DY } from '../../../src/core/grid/index.ts';
import type { OccupancyPolicy } from '../../../src/core/path/types.ts';

/**
 * An independent, deliberately simple shortest-path oracle for the tests (O(n²) Dijkstra, no heap, no
 * shortcuts), written from the rules as a player would state them:
 * - a step enters a walkable cell allowed by `NavGrid.canStep`; it costs its length times the entered cell's cost
 *   times the cell's cost for that direction of entry (1 where none is set);
 * - 'block': a cell held by another character (within `radius` of the start) is a wall, corners included,
 *   unless it is a goal and `allowGoal`;
 * - 'cost': entering such a cell costs `extra` more.
 */
export function oracleDistances(
  grid: NavGrid,
  start: number,
  goals: readonly number[],
  moves: 8 | 4 = 8,
  occupancy: OccupancyPolicy = { kind: 'ignore' },
): Float64Array {
  const w = grid.width;
  const sx = start % w;
  const sy = Math.floor(start / w);
  const goalSet = new Set(goals);
  const heldByOther = (i: number): boolean => {
    if (occupancy.kind === 'ignore') return false;
    const occ = grid.occupant[i];
    if (occ === 0 || occ === occupancy.self) return false;
    const r = occupancy.radius ?? Number.POSITIVE_INFINITY;
    const x = i % w;
    const y = Math.floor(i / w);
    return Math.max(Math.abs(x - sx), Math.abs(y - sy)) <= r;
  };
  const wall = (i: number): boolean =>
    occupancy.kind === 'block' && heldByOther(i) && !(occupancy.allowGoal && goalSet.has(i));
  const dist = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
  const done = new Uint8Array(grid.size);
  dist[start] = 0;
  for (;;) {
    let c = -1;
    for (let i = 0; i < grid.size; i++)
      if (!done[i] && dist[i] < Number.POSITIVE_INFINITY && (c < 0 || dist[i] < dist[c])) c = i;
    if (c < 0) break;
    done[c] = 1;
    const x = c % w;
    const y = Math.floor(c / w);
    for (let d = 0; d < 8; d += moves === 8 ? 1 : 2) {
      if (!grid.canStep(x, y, d)) continue;
      const v = (y + DY[d]) * w + x + DX[d];
      if (wall(v)) continue;
      if (d % 2 === 1) {
        const a = (y + DY[(d + 7) % 8]) * w + x + DX[(d + 7) % 8];
        const b = (y + DY[(d + 1) % 8]) * w + x + DX[(d + 1) % 8];
        if (wall(a) || wall(b)) continue;
      }
      const step =
        (d % 2 === 1 ? Math.SQRT2 : 1) * entering(grid, v, d) +
        (occupancy.kind === 'cost' && heldByOther(v) ? occupancy.extra : 0);
      if (dist[c] + step < dist[v]) dist[v] = dist[c] + step;
    }
  }
  return dist;
}

/** The cell's cost times its direction cost for a step in direction `d`, read straight from the grid's arrays. */
function entering(grid: NavGrid, v: number, d: number): number {
  return grid.cost[v] * (grid.entryCost ? grid.entryCost[v * 8 + d] : 1);
}

/** Octile (8) or Manhattan (4) distance from cell `a` to the nearest goal, walls ignored. */
export function goalDistance(grid: NavGrid, a: number, goals: readonly number[], moves: 8 | 4): number {
  const ax = a % grid.width;
  const ay = Math.floor(a / grid.width);
  let best = Number.POSITIVE_INFINITY;
  for (const g of goals) {
    const dx = Math.abs((g % grid.width) - ax);
    const dy = Math.abs(Math.floor(g / grid.width) - ay);
    const d = moves === 8 ? Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy) : dx + dy;
    best = Math.min(best, d);
  }
  return best;
}

/**
 * Walks `path` from `start` step by step under the same rules as the oracle and returns its cost, or throws
 * naming the first illegal step.
 */
export function walkPath(
  grid: NavGrid,
  start: number,
  path: readonly number[],
  goals: readonly number[],
  moves: 8 | 4 = 8,
  occupancy: OccupancyPolicy = { kind: 'ignore' },
): number {
  const w = grid.width;
  const sx = start % w;
  const sy = Math.floor(start / w);
  const goalSet = new Set(goals);
  const heldByOther = (i: number): boolean => {
    if (occupancy.kind === 'ignore') return false;
    const occ = grid.occupant[i];
    if (occ === 0 || occ === occupancy.self) return false;
    const r = occupancy.radius ?? Number.POSITIVE_INFINITY;
    return Math.max(Math.abs((i % w) - sx), Math.abs(Math.floor(i / w) - sy)) <= r;
  };
  const wall = (i: number): boolean =>
    occupancy.kind === 'block' && heldByOther(i) && !(occupancy.allowGoal && goalSet.has(i));
  let cost = 0;
  let at = start;
  for (const next of path) {
    const x = at % w;
    const y = Math.floor(at / w);
    const dx = (next % w) - x;
    const dy = Math.floor(next / w) - y;
    const d = DX.findIndex((ddx, k) => ddx === dx && DY[k] === dy);
    if (d < 0 || (moves === 4 && d % 2 === 1)) throw new Error(`step ${at} → ${next} is not a single move`);
    if (!grid.canStep(x, y, d)) throw new Error(`step ${at} → ${next} is not allowed by the grid`);
    if (wall(next)) throw new Error(`step ${at} → ${next} walks into another character`);
    if (d % 2 === 1) {
      const a = (y + DY[(d + 7) % 8]) * w + x + DX[(d + 7) % 8];
      const b = (y + DY[(d + 1) % 8]) * w + x + DX[(d + 1) % 8];
      if (wall(a) || wall(b)) throw new Error(`step ${at} → ${next} squeezes past another character`);
    }
    cost +=
      (d % 2 === 1 ? Math.SQRT2 : 1) * entering(grid, next, d) +
      (occupancy.kind === 'cost' && heldByOther(next) ? occupancy.extra : 0);
    at = next;
  }
  return cost;
}
