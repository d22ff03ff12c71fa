import type { NavGrid } from '../grid/index.ts';
import { BAND_SCALE, BandQueue } from './BandQueue.ts';
import { OpenHeap } from './OpenHeap.ts';

/**
 * The per-cell memory every search of one grid shares: best cost so far (`g`), parent, heap slot, and
 * generation stamps. A cell's `g`/`parent` are meaningful only while `seen[cell] === gen`;
 * starting a search bumps `gen` instead of clearing megabytes of arrays, so a search costs what it touches.
 * Also records which cells were expanded, in order, for the debug view. Two hot searches keep their own
 * per-cell state beside it, for fewer cache lines per cell: A*'s plain loop a g per cell (AStar.runPlain) and
 * the jump-table JPS a slot per cell (JumpTableSearch); both still write `parent` for the planner's tracePath.
 */
/**
 * Added to a search's `gen` to stamp a closed cell in `seen` (distance fields on open ground do: one read
 * tells new, open and closed apart). `begin` keeps stamps below 2^31 so the two never meet.
 */
export const CLOSED_STAMP = 0x80000000;

export class SearchSpace {
  readonly size: number;
  readonly g: Float64Array;
  readonly parent: Int32Array;
  readonly pos: Int32Array;
  readonly seen: Uint32Array;
  /** `goalMark[cell] === gen` marks the goals of the current search. */
  readonly goalMark: Uint32Array;
  readonly heap: OpenHeap;
  /** The open list of unit-cost searches, whose keys stay within 2√2 of the least (see BandQueue). */
  readonly bands: BandQueue;
  readonly expandedCells: Int32Array;
  /** Cells to expand next ahead of the heap (A*'s fast lane for nodes as cheap as the best open one). */
  readonly lane: Int32Array;
  expandedCount = 0;
  gen = 0;

  constructor(grid: NavGrid, bandScale = BAND_SCALE) {
    const n = grid.size;
    this.size = n;
    this.g = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.goalMark = new Uint32Array(n);
    this.heap = new OpenHeap(n, this.pos);
    this.bands = new BandQueue(this.pos, 2 * Math.SQRT2, bandScale);
    this.expandedCells = new Int32Array(n);
    this.lane = new Int32Array(n);
  }

  /** Starts a new search: every cell becomes unseen in O(1). */
  begin(): void {
    if (this.gen === 0x7fffffff) {
      // Once in two billion searches the stamps wrap: clear them for real. They stay below 2^31 so that a
      // search may stamp its closed cells gen + 2^31 (distance fields do) without meeting a later gen.
      this.seen.fill(0);
      this.goalMark.fill(0);
      this.gen = 0;
    }
    this.gen++;
    this.heap.clear();
    this.expandedCount = 0;
  }

  /** Records `cell` with cost `g`, key `f`, reached from `parent`, and opens it. */
  open(cell: number, g: number, f: number, parent: number): void {
    this.seen[cell] = this.gen;
    this.g[cell] = g;
    this.parent[cell] = parent;
    this.heap.push(cell, f, g);
  }
}
