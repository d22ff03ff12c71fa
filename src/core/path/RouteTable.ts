import type { NavGrid } from '../grid/index.ts';
import { OpenHeap } from './OpenHeap.ts';
import type { StepMasks } from './StepMasks.ts';

/** Most walkable tiles a map may have for a route table (4 bytes a pair of tiles: 4 MB at this size). */
export const ROUTE_TABLE_MAX_TILES = 1024;
/** A pair of tiles with no walk between them. */
export const UNREACHED = 0xffffffff;
/** A tile's state in a row's Dijkstra. */
const UNSEEN = 0;
const OPEN = 1;
const DONE = 2;
/** No first step (no walk, or already there). */
export const NO_MOVE = 0xff;
/** A first move's byte: its StepMasks bit in the low 3 bits, its run less one above (`runOf`). */
export const MOVE_BITS = 7;
/** The longest run a first move's byte holds (31: a byte of 0xff stays NO_MOVE). */
const MAX_RUN = 31;
/** Per StepMasks bit (N, E, S, W, NE, SE, SW, NW), the bit of the step back. */
const OPPOSITE = new Uint8Array([2, 3, 0, 1, 6, 7, 4, 5]);

/** The Morton (Z-order) code of (x, y), for coordinates below 2^16. */
function morton(x: number, y: number): number {
  return spread(x) + 2 * spread(y);
}

/** The bits of a 16-bit number spread to the even bits of a 32-bit one. */
function spread(v: number): number {
  let x = v & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x >>> 0;
}

/**
 * A small map's every walk: for each pair of walkable tiles (v, g), the static walk from v to g over the map's
 * walls, 8 moves, as its count of straight steps (low 16 bits) and diagonal steps (high 16 bits). The length
 * is `straight + diagonal·√2`; two different counts never have the same length (√2 is irrational), so "this
 * step lies on a shortest walk" is an exact test on integers, and a shortest walk is read off the table step
 * by step with no search (RouteSearch). Steps cost their length both ways on the maps it is built for, so the
 * walk from v to g is the walk from g to v: row g is one Dijkstra from g.
 *
 * For maps of up to ROUTE_TABLE_MAX_TILES walkable tiles whose steps all cost their length both ways (the
 * town and the dungeon: 748 and 754 tiles, 2.2 MB, built in about 50 ms). Built when the map loads
 * (`PathPlanner.prepare`), and again after its walls change.
 */
export class RouteTable {
  /** Walkable tiles when built. */
  tiles = 0;
  /** Per cell its tile number, -1 for a wall. */
  readonly index: Int32Array;
  /** `steps[g * tiles + v]`: the walk from tile v to tile g, packed (UNREACHED: none). */
  steps: Uint32Array = new Uint32Array(0);
  /**
   * `firstMove[g * tiles + v]`: the first step of that walk, as a StepMasks bit (`& MOVE_BITS`), and its run:
   * how many steps the walk goes on that way (`runOf`, up to 31), each tile on the way having the same first
   * step to g. NO_MOVE: none, or v is g. A byte a pair: a walk is read off its goal's row, a few cache lines,
   * with one load a straight run of it (a walk across the map turns a few times), not one a step: each load
   * waits for the one before, and on a row not in the cache that wait is most of a walk's time.
   */
  firstMove: Uint8Array = new Uint8Array(0);
  private version = -1;
  private readonly grid: NavGrid;
  // Dijkstra's scratch, per tile: its key and state (UNSEEN, OPEN, DONE), and the open tiles (the searches'
  // heap, over tile numbers).
  private key = new Float64Array(0);
  private state = new Uint8Array(0);
  private open: OpenHeap | null = null;
  /** The tiles in the order a row's Dijkstra settled them (nearest the goal first). */
  private settled = new Int32Array(0);
  private cellOf = new Int32Array(0);

  /** Whether a grid gets a route table: few walkable tiles, and every step costs its length both ways. */
  static fits(grid: NavGrid): boolean {
    if (grid.nonUnitCostCells !== 0 || grid.directedCells !== 0) return false;
    let n = 0;
    const walk = grid.walkable;
    for (let i = 0; i < walk.length; i++) if (walk[i] === 1 && ++n > ROUTE_TABLE_MAX_TILES) return false;
    return true;
  }

  constructor(grid: NavGrid) {
    this.grid = grid;
    this.index = new Int32Array(grid.size).fill(-1);
  }

  /** Whether the table matches grid version `version` (built for it, and the map still fits). */
  builtFor(version: number): boolean {
    return this.version === version;
  }

  /** Rebuilds the table when the walls changed (a map that no longer fits keeps none: `builtFor` is false). */
  refresh(masks: StepMasks): void {
    const grid = this.grid;
    if (this.version === grid.version) return;
    masks.refresh();
    this.version = -1;
    if (!RouteTable.fits(grid)) {
      this.steps = new Uint32Array(0);
      return;
    }
    // Tiles are numbered along the Z-order curve (Morton order): the tiles of a walk lie close together in its
    // goal's row, a cache line holding a block of them rather than a stretch of one map row.
    const walk = grid.walkable;
    const w = grid.width;
    const cells: number[] = [];
    for (let c = 0; c < grid.size; c++) if (walk[c] === 1) cells.push(c);
    const z = (c: number) => morton(c % w, Math.floor(c / w));
    cells.sort((a, b) => z(a) - z(b));
    const n = cells.length;
    this.index.fill(-1);
    this.tiles = n;
    if (this.steps.length !== n * n) {
      this.steps = new Uint32Array(n * n);
      this.firstMove = new Uint8Array(n * n);
    }
    this.key = new Float64Array(n);
    this.state = new Uint8Array(n);
    this.settled = new Int32Array(n);
    this.open = new OpenHeap(n, new Int32Array(n));
    this.cellOf = Int32Array.from(cells);
    for (let k = 0; k < n; k++) this.index[cells[k]] = k;
    for (let g = 0; g < n; g++) this.fillRow(g, masks);
    this.version = grid.version;
  }

  /** The static walk from cell `v` to cell `g` in tiles (Infinity: none, or either is a wall). */
  distance(v: number, g: number): number {
    const vi = this.index[v];
    const gi = this.index[g];
    if (vi < 0 || gi < 0) return Number.POSITIVE_INFINITY;
    return length(this.steps[gi * this.tiles + vi]);
  }

  /** Row g's walks from every tile to tile g: Dijkstra from g over the step masks. */
  private fillRow(g: number, masks: StepMasks): void {
    const n = this.tiles;
    const row = g * n;
    const steps = this.steps;
    const firstMove = this.firstMove;
    steps.fill(UNREACHED, row, row + n);
    firstMove.fill(NO_MOVE, row, row + n);
    const key = this.key;
    const state = this.state;
    const open = this.open!;
    const index = this.index;
    const cellOf = this.cellOf;
    const bits = masks.masks;
    const offset = masks.offset;
    const settled = this.settled;
    let count = 0;
    state.fill(UNSEEN);
    steps[row + g] = 0;
    key[g] = 0;
    state[g] = OPEN;
    open.clear();
    open.push(g, 0, 0);
    while (open.size > 0) {
      const v = open.pop();
      state[v] = DONE;
      settled[count++] = v;
      const c = cellOf[v];
      const pv = steps[row + v];
      const kv = key[v];
      const m = bits[c];
      for (let b = 0; b < 8; b++) {
        if (((m >> b) & 1) === 0) continue;
        const u = index[c + offset[b]];
        if (state[u] === DONE) continue;
        const diagonal = b >= 4;
        const ku = kv + (diagonal ? Math.SQRT2 : 1);
        const pu = pv + (diagonal ? 0x10000 : 1);
        if (state[u] === OPEN) {
          if (steps[row + u] === pu) {
            // As short a walk (the same counts exactly, whatever the sums' last bits): a diagonal first step is
            // kept over a straight one, so a walk goes diagonally first and then straight, one turn in the open,
            // as JPS's do, not a staircase.
            if (diagonal && firstMove[row + u] < 4) firstMove[row + u] = OPPOSITE[b];
            continue;
          }
          if (ku >= key[u]) continue;
        }
        key[u] = ku;
        steps[row + u] = pu;
        // From u the walk's first step is back along b.
        firstMove[row + u] = OPPOSITE[b];
        if (state[u] === OPEN) open.decrease(u, ku, ku);
        else {
          state[u] = OPEN;
          open.push(u, ku, ku);
        }
      }
    }
    // Runs, nearest the goal first: a tile's first step leads to one settled before it, whose run is known.
    for (let k = 1; k < count; k++) {
      const v = settled[k];
      const b = firstMove[row + v];
      const u = index[cellOf[v] + offset[b]];
      const next = firstMove[row + u];
      const run = u !== g && (next & MOVE_BITS) === b ? Math.min(MAX_RUN, runOf(next) + 1) : 1;
      firstMove[row + v] = b | ((run - 1) << 3);
    }
  }
}

/** How many steps a first move's byte says the walk goes on its way. */
export function runOf(move: number): number {
  return (move >> 3) + 1;
}

/** The steps of a packed walk (straight and diagonal). */
export function steps(packed: number): number {
  return (packed & 0xffff) + (packed >>> 16);
}

/** The length of a packed walk, in tiles (Infinity for UNREACHED). */
export function length(packed: number): number {
  return packed === UNREACHED ? Number.POSITIVE_INFINITY : (packed & 0xffff) + (packed >>> 16) * Math.SQRT2;
}
