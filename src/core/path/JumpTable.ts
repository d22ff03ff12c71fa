import type { NavGrid } from '../grid/index.ts';

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
 * O(8 · cells) on the first search after a change (here about 5 ms for 60,000 cells, 60 ms for a million); grids over JUMP_TABLE_MAX_CELLS, or with a side over
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

  /** Whether the last build was made for grid version `version`. */
  builtFor(version: number): boolean {
    return this.version === version;
  }

  /** Rebuilds the distances when the grid's walls changed since the last search. */
  refresh(): void {
    const grid = this.grid;
    if (this.version === grid.version) return;
    this.version = grid.version;
    const w = grid.width;
    const h = grid.height;
    const d = this.dist;
    // The walls with a blank border, so reads need no bounds checks. The passes are functions called per
    // line, not loops here: this method runs once per map, and V8 only optimises code that runs often.
    const pw = w + 2;
    const pad = new Uint8Array(pw * (h + 2));
    for (let y = 0; y < h; y++) pad.set(grid.walkable.subarray(y * w, y * w + w), (y + 1) * pw + 1);
    for (let y = 0; y < h; y++) {
      straightLine(pad, d, (y + 1) * pw + w, -1, pw, y * w + w - 1, -1, w, 2);
      straightLine(pad, d, (y + 1) * pw + 1, 1, pw, y * w, 1, w, 6);
    }
    for (let x = 0; x < w; x++) {
      straightLine(pad, d, h * pw + x + 1, -pw, 1, (h - 1) * w + x, -w, h, 4);
      straightLine(pad, d, pw + x + 1, pw, 1, x, w, h, 0);
    }
    for (let dir = 1; dir < 8; dir += 2) {
      const dx = dir === 1 || dir === 3 ? 1 : -1;
      const dy = dir === 3 || dir === 5 ? 1 : -1;
      for (let i = 0; i < h; i++) diagonalRow(pad, pw, d, w, dy < 0 ? i : h - 1 - i, dx, dy, dir);
    }
  }

  /**
   * Whether `count` steps from `cell` in direction `d` (`step` apart in cell indices) are all open: one read
   * per jump point along the run.
   */
  runOpen(cell: number, d: number, step: number, count: number): boolean {
    const dist = this.dist;
    let c = cell;
    let n = count;
    while (n > 0) {
      const k = dist[c * 8 + d];
      // k > 0: the next jump point is k steps on, every step to it open; otherwise -k open steps.
      if (k <= 0) return n <= -k;
      if (n <= k) return true;
      c += k * step;
      n -= k;
    }
    return true;
  }
}

/** Direction (0 = N, clockwise) of a unit step, indexed by (dy + 1) * 3 + (dx + 1). */
const DIR_OF = new Int8Array([7, 0, 1, 6, -1, 2, 5, 4, 3]);

/**
 * The canonical directions of Jump Point Search out of cell c (`c8 = c * 8`) reached moving (dx, dy) (each -1,
 * 0 or 1), written to `dirs`; returns how many. Diagonally: both straight components and the diagonal itself
 * (no forced turns without corner cutting). Straight: on, and for each side a forced turn (the straight step to
 * that side and the diagonal ahead past it) where the side cell is open while the one behind it is a wall. The
 * cell behind c is open (c was reached along the line), so the side cell is open when c can step to it, and the
 * one behind it is a wall when c cannot step diagonally back past it: both in c's own entry of `dist`.
 */
export function canonicalDirections(
  dist: Int16Array,
  c8: number,
  dx: number,
  dy: number,
  dirs: Int32Array,
): number {
  let nd = 0;
  if (dx !== 0 && dy !== 0) {
    dirs[nd++] = DIR_OF[4 + dx];
    dirs[nd++] = DIR_OF[(dy + 1) * 3 + 1];
    dirs[nd++] = DIR_OF[(dy + 1) * 3 + dx + 1];
  } else if (dx !== 0) {
    dirs[nd++] = DIR_OF[4 + dx];
    for (let side = -1; side <= 1; side += 2) {
      const toSide = DIR_OF[(side + 1) * 3 + 1];
      if (dist[c8 + toSide] !== 0 && dist[c8 + DIR_OF[(side + 1) * 3 + 1 - dx]] === 0) {
        dirs[nd++] = toSide;
        dirs[nd++] = DIR_OF[(side + 1) * 3 + dx + 1];
      }
    }
  } else {
    dirs[nd++] = DIR_OF[(dy + 1) * 3 + 1];
    for (let side = -1; side <= 1; side += 2) {
      const toSide = DIR_OF[4 + side];
      if (dist[c8 + toSide] !== 0 && dist[c8 + DIR_OF[(1 - dy) * 3 + side + 1]] === 0) {
        dirs[nd++] = toSide;
        dirs[nd++] = DIR_OF[(dy + 1) * 3 + side + 1];
      }
    }
  }
  return nd;
}

/**
 * One line of a straight direction, swept from the far end (each cell reads the answer of the next one).
 * `p` is the padded index of the line's first swept cell and `pStep` the padded step against the direction
 * of travel; `side` is the padded offset to the cells beside the line; `cell`/`cellStep` the same walk in
 * grid indices; `dir` the direction whose entries are written.
 */
function straightLine(
  pad: Uint8Array,
  d: Int16Array,
  p: number,
  pStep: number,
  side: number,
  cell: number,
  cellStep: number,
  count: number,
  dir: number,
): void {
  let next = 0;
  for (let k = 0; k < count; k++, p += pStep, cell += cellStep) {
    // The cell ahead (p - pStep) entered from this one: a jump point when a side cell there is open while the
    // one beside this cell is a wall.
    const ahead = p - pStep;
    let v: number;
    if (pad[ahead] !== 1) v = 0;
    else if (
      (pad[ahead - side] === 1 && pad[p - side] !== 1) ||
      (pad[ahead + side] === 1 && pad[p + side] !== 1)
    )
      v = 1;
    else v = next > 0 ? next + 1 : next - 1;
    d[cell * 8 + dir] = v;
    next = v;
  }
}

/** One row of a diagonal direction (dx, dy); the row beyond it (y + dy) is already done. */
function diagonalRow(
  pad: Uint8Array,
  pw: number,
  d: Int16Array,
  w: number,
  y: number,
  dx: number,
  dy: number,
  dir: number,
): void {
  const sideX = dx > 0 ? 2 : 6;
  const sideY = dy > 0 ? 4 : 0;
  const py = (y + 1) * pw + 1;
  for (let j = 0; j < w; j++) {
    const x = dx < 0 ? j : w - 1 - j;
    const p = py + x;
    let v: number;
    if (pad[p + dx] !== 1 || pad[p + dy * pw] !== 1 || pad[p + dy * pw + dx] !== 1) v = 0;
    else {
      const n = ((y + dy) * w + x + dx) * 8;
      if (d[n + sideX] > 0 || d[n + sideY] > 0) v = 1;
      else {
        const next = d[n + dir];
        v = next > 0 ? next + 1 : next - 1;
      }
    }
    d[(y * w + x) * 8 + dir] = v;
  }
}
