import { DX, DY } from '../../../src/core/grid/directions.ts';
import type { NavGrid } from '../../../src/core/grid/NavGrid.ts';

/**
 * Which cells a walker on `from` can get to, by the rules as a player states them: each step is one that
 * `NavGrid.canStep` allows (8 moves: diagonals never cut a corner; 4 moves: straight steps only). A plain
 * flood with no shortcuts, for tests. `out[i]` is 1 when cell i is reachable (from itself included).
 */
export function reachOracle(grid: NavGrid, from: number, moves: 8 | 4): Uint8Array {
  const out = new Uint8Array(grid.size);
  if (!grid.walkable[from]) return out;
  const w = grid.width;
  const todo = [from];
  out[from] = 1;
  while (todo.length > 0) {
    const c = todo.pop()!;
    const x = c % w;
    const y = Math.floor(c / w);
    for (let d = 0; d < 8; d += moves === 8 ? 1 : 2) {
      if (!grid.canStep(x, y, d)) continue;
      const n = (y + DY[d]) * w + x + DX[d];
      if (out[n]) continue;
      out[n] = 1;
      todo.push(n);
    }
  }
  return out;
}
