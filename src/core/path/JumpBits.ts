import type { NavGrid } from '../grid/index.ts';

/**
 * Bit-packed lines of the grid for Jump Point Search, in both directions: rows (bit x of row y) for
 * horizontal scans and columns (bit y of column x) for vertical ones, so either scan reads 32 cells a word.
 * Each has a blank line before the first and after the last, so neighbour lines never need a bounds check.
 * `goal*` mirror the layout with the current goals set, so a scan stops on a goal like on a jump point.
 *
 * Kept in step with the grid by its `version`; characters walled off by an occupancy policy are cleared for
 * one search and put back after it.
 */
export class JumpBits {
  readonly rowWords: number;
  readonly colWords: number;
  readonly rows: Int32Array;
  readonly cols: Int32Array;
  readonly goalRows: Int32Array;
  readonly goalCols: Int32Array;
  private version = -1;
  private readonly grid: NavGrid;

  constructor(grid: NavGrid) {
    this.grid = grid;
    this.rowWords = grid.rowWords;
    this.colWords = (grid.height + 31) >>> 5;
    this.rows = new Int32Array((grid.height + 2) * this.rowWords);
    this.cols = new Int32Array((grid.width + 2) * this.colWords);
    this.goalRows = new Int32Array(this.rows.length);
    this.goalCols = new Int32Array(this.cols.length);
  }

  /** Whether the last build was made for grid version `version`. */
  builtFor(version: number): boolean {
    return this.version === version;
  }

  /** Rebuilds the lines when the grid's walls changed since the last search (O(cells / 32) + O(cells)). */
  refresh(): void {
    const grid = this.grid;
    if (this.version === grid.version) return;
    this.version = grid.version;
    this.rows.set(grid.walkBits, this.rowWords);
    this.cols.fill(0);
    const w = grid.width;
    const walk = grid.walkable;
    const cw = this.colWords;
    for (let y = 0; y < grid.height; y++) {
      const bit = 1 << (y & 31);
      const word = y >>> 5;
      for (let x = 0, i = y * w; x < w; x++, i++) if (walk[i] === 1) this.cols[(x + 1) * cw + word] |= bit;
    }
  }

  /** Whether (x, y) is open in the lines (inside the grid, walkable, not walled off for this search). */
  open(x: number, y: number): boolean {
    if (x < 0 || x >= this.grid.width || y < 0 || y >= this.grid.height) return false;
    return ((this.rows[(y + 1) * this.rowWords + (x >>> 5)] >>> (x & 31)) & 1) === 1;
  }

  /** Sets or clears cell (x, y) in both directions of `rows`/`cols` (walls) or of the goal lines. */
  set(x: number, y: number, on: boolean, goal: boolean): void {
    const rows = goal ? this.goalRows : this.rows;
    const cols = goal ? this.goalCols : this.cols;
    const r = (y + 1) * this.rowWords + (x >>> 5);
    const c = (x + 1) * this.colWords + (y >>> 5);
    if (on) {
      rows[r] |= 1 << (x & 31);
      cols[c] |= 1 << (y & 31);
    } else {
      rows[r] &= ~(1 << (x & 31));
      cols[c] &= ~(1 << (y & 31));
    }
  }
}

/**
 * Scans a line (a row, or a column) towards increasing positions from `from`, stopping at the first jump
 * point: a cell whose neighbour on either side is open while the one behind it is a wall (the canonical
 * path must turn there), or a goal. Returns its position, or -1 when a wall comes first. `line` is the
 * padded line index; `lineWords` words per line; `length` cells per line.
 */
export function scanForward(
  bits: Int32Array,
  goals: Int32Array,
  lineWords: number,
  line: number,
  from: number,
  length: number,
): number {
  if (from >= length) return -1;
  const base = line * lineWords;
  const before = base - lineWords;
  const after = base + lineWords;
  let wi = from >>> 5;
  let mask = -1 << (from & 31);
  // The last bit of the previous word of each neighbour line: the cell "behind" bit 0.
  let carryB = wi > 0 ? bits[before + wi - 1] >>> 31 : 0;
  let carryA = wi > 0 ? bits[after + wi - 1] >>> 31 : 0;
  for (; wi < lineWords; wi++) {
    const here = bits[base + wi];
    const b = bits[before + wi];
    const a = bits[after + wi];
    const forced = (b & ~((b << 1) | carryB)) | (a & ~((a << 1) | carryA)) | goals[base + wi];
    const stop = ((forced & here) | ~here) & mask;
    if (stop !== 0) {
      const bit = 31 - Math.clz32(stop & -stop);
      return ((here >>> bit) & 1) === 1 ? (wi << 5) + bit : -1;
    }
    mask = -1;
    carryB = b >>> 31;
    carryA = a >>> 31;
  }
  return -1;
}

/** As `scanForward`, towards decreasing positions (down to 0) from `from`. */
export function scanBackward(
  bits: Int32Array,
  goals: Int32Array,
  lineWords: number,
  line: number,
  from: number,
): number {
  if (from < 0) return -1;
  const base = line * lineWords;
  const before = base - lineWords;
  const after = base + lineWords;
  let wi = from >>> 5;
  let mask = -1 >>> (31 - (from & 31));
  let carryB = wi + 1 < lineWords ? bits[before + wi + 1] << 31 : 0;
  let carryA = wi + 1 < lineWords ? bits[after + wi + 1] << 31 : 0;
  for (; wi >= 0; wi--) {
    const here = bits[base + wi];
    const b = bits[before + wi];
    const a = bits[after + wi];
    const forced = (b & ~((b >>> 1) | carryB)) | (a & ~((a >>> 1) | carryA)) | goals[base + wi];
    const stop = ((forced & here) | ~here) & mask;
    if (stop !== 0) {
      const bit = 31 - Math.clz32(stop);
      return ((here >>> bit) & 1) === 1 ? (wi << 5) + bit : -1;
    }
    mask = -1;
    carryB = b << 31;
    carryA = a << 31;
  }
  return -1;
}
