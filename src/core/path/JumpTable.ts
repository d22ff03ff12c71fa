import type { NavGrid } from '../grid/NavGrid.ts';

/** Largest grid that gets a table: 4 M cells, 64 MB of 16-bit distances (a 2048 × 2048 map). */
export const JUMP_TABLE_MAX_CELLS = 1 << 22;

/**
 * Jump distances precomputed for every cell and direction (Rabin's JPS+), under the no-corner-cutting
 * rule, so Jump Point Search reads one number where it would scan a line or walk a diagonal.
 *
 * `dist[cell * 8 + d]` (d = 0 N, clockwise, as in directions.ts), for a walkable cell:
 * - `k > 0`: going in direction d, the k-th cell is the next jump point (the k - 1 before it are open);
 * - `k ≤ 0`: no jump point that way; `-k` steps can be taken before a wall or the map's edge.
 *
 * A straight jump point is a cell whose side neighbour is open while the one behind it is a wall (the same
 * rule as JumpBits' scans). A diagonal one is a cell from which either straight component finds a jump
 * point. Goals are not in the table: the search checks its one goal against each distance instead.
 *
 * Kept in step with the grid by its `version` (walls only; characters are not walls here). Built in
 * O(8 · cells) on the first search after a change; grids over JUMP_TABLE_MAX_CELLS, or with a side over
 * 32767 cells (16-bit distances), get none and JPS scans bits instead.
 */
export class JumpTable {
  readonly dist: Int16Array;
  private version = -1;
  private readonly grid: NavGrid;

  static fits(grid: NavGrid): boolean {
    return grid.size <= JUMP_TABLE_MAX_CELLS && grid.width < 32768 && grid.height < 32768;
  }

  constructor(grid: NavGrid) {
    this.grid = grid;
    this.dist = new Int16Array(grid.size * 8);
  }

  /** Rebuilds the distances when the grid's walls changed since the last search. */
  refresh(): void {
    const grid = this.grid;
    if (this.version === grid.version) return;
    this.version = grid.version;
    const w = grid.width;
    const h = grid.height;
    const walk = grid.walkable;
    const d = this.dist;
    const open = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && walk[y * w + x] === 1;

    // Straight directions: each line swept from its far end, so a cell reads the answer of the next one.
    for (let y = 0; y < h; y++) {
      let next = 0; // east: the entry of (x + 1, y)
      for (let x = w - 1; x >= 0; x--) {
        // Entering x + 1 going east: forced when a side cell there is open and the one behind it is not.
        const nx = x + 1;
        let k: number;
        if (!open(nx, y)) k = 0;
        else if ((open(nx, y - 1) && !open(x, y - 1)) || (open(nx, y + 1) && !open(x, y + 1))) k = 1;
        else k = next > 0 ? next + 1 : next - 1;
        d[(y * w + x) * 8 + 2] = k;
        next = k;
      }
      next = 0; // west
      for (let x = 0; x < w; x++) {
        const nx = x - 1;
        let k: number;
        if (!open(nx, y)) k = 0;
        else if ((open(nx, y - 1) && !open(x, y - 1)) || (open(nx, y + 1) && !open(x, y + 1))) k = 1;
        else k = next > 0 ? next + 1 : next - 1;
        d[(y * w + x) * 8 + 6] = k;
        next = k;
      }
    }
    for (let x = 0; x < w; x++) {
      let next = 0; // south
      for (let y = h - 1; y >= 0; y--) {
        const ny = y + 1;
        let k: number;
        if (!open(x, ny)) k = 0;
        else if ((open(x - 1, ny) && !open(x - 1, y)) || (open(x + 1, ny) && !open(x + 1, y))) k = 1;
        else k = next > 0 ? next + 1 : next - 1;
        d[(y * w + x) * 8 + 4] = k;
        next = k;
      }
      next = 0; // north
      for (let y = 0; y < h; y++) {
        const ny = y - 1;
        let k: number;
        if (!open(x, ny)) k = 0;
        else if ((open(x - 1, ny) && !open(x - 1, y)) || (open(x + 1, ny) && !open(x + 1, y))) k = 1;
        else k = next > 0 ? next + 1 : next - 1;
        d[(y * w + x) * 8] = k;
        next = k;
      }
    }

    // Diagonals: a cell reads the entry of its diagonal neighbour, so rows go away from that neighbour.
    for (let dir = 1; dir < 8; dir += 2) {
      const dx = dir === 1 || dir === 3 ? 1 : -1;
      const dy = dir === 3 || dir === 5 ? 1 : -1;
      const sideX = dx > 0 ? 2 : 6; // the straight components' directions
      const sideY = dy > 0 ? 4 : 0;
      for (let i = 0; i < h; i++) {
        const y = dy < 0 ? i : h - 1 - i;
        for (let j = 0; j < w; j++) {
          const x = dx < 0 ? j : w - 1 - j;
          const nx = x + dx;
          const ny = y + dy;
          let k: number;
          if (!(open(nx, y) && open(x, ny) && open(nx, ny))) k = 0;
          else {
            const n = (ny * w + nx) * 8;
            if (d[n + sideX] > 0 || d[n + sideY] > 0) k = 1;
            else {
              const next = d[n + dir];
              k = next > 0 ? next + 1 : next - 1;
            }
          }
          d[(y * w + x) * 8 + dir] = k;
        }
      }
    }
  }
}
