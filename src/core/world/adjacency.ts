import type { NavGrid } from '../grid/index.ts';
import { DX, DY, dirOf, opposite } from '../grid/index.ts';

/**
 * Whether cells a and b are neighbours that a character could step between (from a into b): the reach of
 * an attack. A diagonal across a wall corner is not adjacent, just as it is not a step; in a four-way world
 * (`moves` 4) no diagonal is.
 */
export function inReach(grid: NavGrid, a: number, b: number, moves: 8 | 4 = 8): boolean {
  const w = grid.width;
  const ax = a % w;
  const ay = (a - ax) / w;
  const bx = b % w;
  const by = (b - bx) / w;
  const dx = bx - ax;
  const dy = by - ay;
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return false;
  if (moves === 4 && dx !== 0 && dy !== 0) return false;
  return grid.canStep(ax, ay, dirOf(dx, dy));
}

/**
 * The cells from which a character could strike the one standing on `cell` (walkable neighbours with a legal
 * step into it), appended to `out`. The goal set of a click on an enemy.
 */
export function reachCells(grid: NavGrid, cell: number, out: number[], moves: 8 | 4 = 8): number[] {
  const w = grid.width;
  const x = cell % w;
  const y = (cell - x) / w;
  for (let d = 0; d < 8; d += moves === 8 ? 1 : 2) {
    const nx = x + DX[d];
    const ny = y + DY[d];
    if (grid.isWalkable(nx, ny) && grid.canStep(nx, ny, opposite(d))) out.push(ny * w + nx);
  }
  return out;
}
