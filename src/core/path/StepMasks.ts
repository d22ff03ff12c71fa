import type { NavGrid } from '../grid/index.ts';

/**
 * For every cell, which of its eight steps the static grid allows, as one byte: the neighbour is inside the
 * map and walkable, and a diagonal also has both orthogonal neighbours walkable (no corner cutting).
 * A* on the common query (8 moves, unit costs, no one-way edges, no occupancy) reads one byte per expanded
 * cell instead of twelve bounds checks and walkable reads, and loops over the set bits only.
 *
 * Bits 0–3 are the straight steps N, E, S, W and bits 4–7 the diagonals NE, SE, SW, NW (straights first:
 * the order A* generates neighbours in). Kept in step with the grid by its `version`, like JumpBits.
 */
export class StepMasks {
  readonly masks: Uint8Array;
  /** Per bit: the cell index offset, the step length, and the x and y change. */
  readonly offset: Int32Array;
  readonly length = new Float64Array([1, 1, 1, 1, Math.SQRT2, Math.SQRT2, Math.SQRT2, Math.SQRT2]);
  readonly dx = new Int32Array([0, 1, 0, -1, 1, 1, -1, -1]);
  readonly dy = new Int32Array([-1, 0, 1, 0, -1, 1, 1, -1]);
  private version = -1;
  private readonly grid: NavGrid;

  constructor(grid: NavGrid) {
    this.grid = grid;
    this.masks = new Uint8Array(grid.size);
    const w = grid.width;
    this.offset = new Int32Array([-w, 1, w, -1, 1 - w, w + 1, w - 1, -w - 1]);
  }

  /** Whether the last build was made for grid version `version`. */
  builtFor(version: number): boolean {
    return this.version === version;
  }

  /** Rebuilds the masks when the grid's walls changed since the last search (O(cells)). */
  refresh(): void {
    const grid = this.grid;
    if (this.version === grid.version) return;
    this.version = grid.version;
    const w = grid.width;
    const h = grid.height;
    const walk = grid.walkable;
    const masks = this.masks;
    for (let y = 0; y < h; y++) {
      for (let x = 0, c = y * w; x < w; x++, c++) {
        if (walk[c] !== 1) {
          masks[c] = 0;
          continue;
        }
        const n = y > 0 && walk[c - w] === 1;
        const e = x < w - 1 && walk[c + 1] === 1;
        const s = y < h - 1 && walk[c + w] === 1;
        const west = x > 0 && walk[c - 1] === 1;
        let m = (n ? 1 : 0) | (e ? 2 : 0) | (s ? 4 : 0) | (west ? 8 : 0);
        if (n && e && walk[c - w + 1] === 1) m |= 16;
        if (s && e && walk[c + w + 1] === 1) m |= 32;
        if (s && west && walk[c + w - 1] === 1) m |= 64;
        if (n && west && walk[c - w - 1] === 1) m |= 128;
        masks[c] = m;
      }
    }
  }
}
