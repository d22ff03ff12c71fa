import { DX, DY, opposite } from './directions.ts';

/** Largest grid a map may ask for: 4096 × 4096 cells (16.7 M), a few hundred MB of per-cell arrays at most. */
export const MAX_GRID_CELLS = 4096 * 4096;

/**
 * The grid of path nodes every character walks on.
 *
 * Per cell (index `y * width + x`), all in typed arrays so a change is O(1) and the grid is never cloned:
 * - `walkable`: 1 when a character may stand there (static collision of the map);
 * - `cost`: ≥ 1; entering the cell costs the step length (1 straight, √2 diagonal) times this;
 * - `entryCost` (only once a direction cost is set): per cell and direction of entry, a factor ≥ 1 on top of
 *   `cost` (index `i * 8 + dir`, 1 where not set): a slope that is dear to climb and cheap to walk down;
 * - `noExit`: bit `d` set when leaving the cell in direction `d` is forbidden (one-way tiles, fences, ledges);
 * - `occupant`: 0 when free, otherwise the id (≥ 1) of the character holding the cell (standing on it, or
 *   stepping into it). The world keeps it up to date; searches read it through their occupancy policy.
 *
 * `walkBits` mirrors `walkable` as one bit per cell, rows packed into 32-bit words (bit `x & 31` of word
 * `y * rowWords + (x >> 5)`), for searches that scan rows a word at a time.
 */
export class NavGrid {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly rowWords: number;
  readonly walkable: Uint8Array;
  readonly walkBits: Uint32Array;
  readonly cost: Float64Array;
  readonly noExit: Uint8Array;
  readonly occupant: Int32Array;
  /** A lower bound of every cell cost (it never rises): heuristics scale by it to stay admissible. */
  minCost = 1;
  /**
   * How many cells cost other than 1 to enter from some direction (their cost, or a direction cost);
   * 0 means uniform costs (what Jump Point Search and the tuned loops need).
   */
  nonUnitCostCells = 0;
  /** How many cells have a direction cost other than 1; 0 means `entryCost` can be left unread. */
  directionCostCells = 0;
  /** Per cell and direction of entry, the factor on the cell's cost; null until a direction cost is set. */
  entryCost: Float64Array | null = null;
  /** Per cell, how many of its 8 direction costs are not 1. */
  private dearDirections: Uint8Array | null = null;
  /** How many cells have at least one forbidden exit; 0 means no directed edges (what JPS needs). */
  directedCells = 0;
  /** Bumped on every change to walkable, cost or exits, so caches built over the static grid know to refresh. */
  version = 0;

  constructor(width: number, height: number) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`NavGrid size must be positive integers, got ${width} × ${height}`);
    }
    if (width * height > MAX_GRID_CELLS) {
      throw new RangeError(
        `NavGrid of ${width} × ${height} cells exceeds the limit of ${MAX_GRID_CELLS} cells`,
      );
    }
    this.width = width;
    this.height = height;
    this.size = width * height;
    this.rowWords = (width + 31) >>> 5;
    this.walkable = new Uint8Array(this.size);
    this.walkBits = new Uint32Array(this.rowWords * height);
    this.cost = new Float64Array(this.size).fill(1);
    this.noExit = new Uint8Array(this.size);
    this.occupant = new Int32Array(this.size);
  }

  /** A grid from rows of text: `#` (and `@`, `O`, `T`, `W`) blocked, anything else walkable. For tests and tools. */
  static fromRows(rows: readonly string[]): NavGrid {
    const grid = new NavGrid(rows[0]?.length ?? 0, rows.length);
    for (let y = 0; y < grid.height; y++) {
      const row = rows[y];
      for (let x = 0; x < grid.width; x++) {
        const ch = row[x];
        grid.setWalkable(x, y, !(ch === '#' || ch === '@' || ch === 'O' || ch === 'T' || ch === 'W'));
      }
    }
    return grid;
  }

  index(x: number, y: number): number {
    return y * this.width + x;
  }

  inBounds(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** Walkable and inside the map (out of bounds reads as blocked). */
  isWalkable(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height && this.walkable[y * this.width + x] === 1;
  }

  setWalkable(x: number, y: number, walkable: boolean): void {
    const i = y * this.width + x;
    this.walkable[i] = walkable ? 1 : 0;
    const w = y * this.rowWords + (x >>> 5);
    const bit = 1 << (x & 31);
    if (walkable) this.walkBits[w] |= bit;
    else this.walkBits[w] &= ~bit;
    this.version++;
  }

  /** Sets the cost of entering cell (x, y); must be a finite number ≥ 1. */
  setCost(x: number, y: number, cost: number): void {
    if (!(cost >= 1) || !Number.isFinite(cost))
      throw new RangeError(`cell cost must be a finite number ≥ 1, got ${cost}`);
    const i = y * this.width + x;
    const before = this.isDear(i);
    this.cost[i] = cost;
    this.nonUnitCostCells += Number(this.isDear(i)) - Number(before);
    if (cost < this.minCost) this.minCost = cost;
    this.version++;
  }

  /**
   * Sets the factor on the cost of entering cell (x, y) when moving in direction `dir` (0 = N, clockwise), that
   * is from the neighbour opposite: entering then costs the step length × the cell's cost × `factor`. A finite
   * number ≥ 1; 1 undoes it.
   */
  setEntryCost(x: number, y: number, dir: number, factor: number): void {
    if (!(factor >= 1) || !Number.isFinite(factor))
      throw new RangeError(`direction cost must be a finite number ≥ 1, got ${factor}`);
    const i = y * this.width + x;
    if (this.entryCost === null) {
      if (factor === 1) return;
      this.entryCost = new Float64Array(this.size * 8).fill(1);
      this.dearDirections = new Uint8Array(this.size);
    }
    const dear = this.dearDirections as Uint8Array;
    const k = i * 8 + dir;
    const old = this.entryCost[k];
    const before = this.isDear(i);
    const hadAny = dear[i] !== 0;
    dear[i] += Number(factor !== 1) - Number(old !== 1);
    this.entryCost[k] = factor;
    this.directionCostCells += Number(dear[i] !== 0) - Number(hadAny);
    this.nonUnitCostCells += Number(this.isDear(i)) - Number(before);
    this.version++;
  }

  /** What entering cell `i` moving in direction `dir` costs per unit of step length. */
  stepCost(i: number, dir: number): number {
    const e = this.entryCost;
    return e === null ? this.cost[i] : this.cost[i] * e[i * 8 + dir];
  }

  /** Whether entering cell `i` costs other than 1 from some direction. */
  private isDear(i: number): boolean {
    return this.cost[i] !== 1 || (this.dearDirections !== null && this.dearDirections[i] !== 0);
  }

  /** Forbids (or allows again) leaving cell (x, y) in direction `dir` (0 = N, clockwise, see directions.ts). */
  setExitBlocked(x: number, y: number, dir: number, blocked: boolean): void {
    const i = y * this.width + x;
    const before = this.noExit[i];
    const after = blocked ? before | (1 << dir) : before & ~(1 << dir);
    if (before === 0 && after !== 0) this.directedCells++;
    if (before !== 0 && after === 0) this.directedCells--;
    this.noExit[i] = after;
    this.version++;
  }

  /** Forbids entering cell (x, y) when moving in direction `dir` (that is, from the neighbour opposite). */
  setEntryBlocked(x: number, y: number, dir: number, blocked: boolean): void {
    const back = opposite(dir);
    const fx = x + DX[back];
    const fy = y + DY[back];
    if (this.inBounds(fx, fy)) this.setExitBlocked(fx, fy, dir, blocked);
  }

  /**
   * Whether a character may step from (x, y) in direction `dir` on the static grid (occupancy ignored):
   * the target is walkable, the exit is not forbidden, and a diagonal step cuts no corner: both orthogonal
   * neighbours are walkable and each two-step detour through them is open too (so a diagonal never slips
   * past a fence or a one-way edge).
   */
  canStep(x: number, y: number, dir: number): boolean {
    const tx = x + DX[dir];
    const ty = y + DY[dir];
    if (!this.isWalkable(tx, ty)) return false;
    const i = y * this.width + x;
    const ne = this.noExit;
    if ((ne[i] >> dir) & 1) return false;
    if ((dir & 1) === 0) return true;
    // Diagonal: dir - 1 and dir + 1 are its two orthogonal components.
    const a = (dir + 7) & 7;
    const b = (dir + 1) & 7;
    const ax = x + DX[a];
    const ay = y + DY[a];
    const bx = x + DX[b];
    const by = y + DY[b];
    if (!this.isWalkable(ax, ay) || !this.isWalkable(bx, by)) return false;
    if (this.directedCells === 0) return true;
    const ia = ay * this.width + ax;
    const ib = by * this.width + bx;
    return (
      ((ne[i] >> a) & 1) === 0 &&
      ((ne[ia] >> b) & 1) === 0 &&
      ((ne[i] >> b) & 1) === 0 &&
      ((ne[ib] >> a) & 1) === 0
    );
  }

  /** The id of the character holding cell `i`, or 0 when free. */
  occupantAt(i: number): number {
    return this.occupant[i];
  }

  /** Marks cell `i` held by character `id` (≥ 1). The world calls this; it never double-books (see world/). */
  occupy(i: number, id: number): void {
    this.occupant[i] = id;
  }

  /** Frees cell `i` if `id` holds it. */
  release(i: number, id: number): void {
    if (this.occupant[i] === id) this.occupant[i] = 0;
  }

  /** Count of walkable cells. */
  countWalkable(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) n += this.walkable[i];
    return n;
  }
}
