import type { NavGrid } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import type { JumpNodes } from './JumpNodes.ts';
import type { JumpTable } from './JumpTable.ts';
import { answerOctile } from './OctilePath.ts';
import { TIE as HEAP_TIE } from './OpenHeap.ts';
import { OUTCOME_FOUND as FOUND, type SearchOutcome } from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';

const SQRT2 = Math.SQRT2;
const SQRT2_MINUS_2 = Math.SQRT2 - 2;
// Module-local copies of imported bindings: the bundle needs none (it reads the one chunk's constants either
// way), but under tsx this search measured ~1% slower on arena2 without them (same-process A/B).
const OUTCOME_FOUND = FOUND;
const TIE = HEAP_TIE;
/** The g of an expanded node: no way in improves on it. */
const CLOSED_G = Number.NEGATIVE_INFINITY;
/** Direction (0 = N, clockwise) of a unit step, indexed by (dy + 1) * 3 + (dx + 1). */
const DIR_OF = new Int8Array([7, 0, 1, 6, -1, 2, 5, 4, 3]);
const DXS = new Int8Array([0, 1, 1, 1, 0, -1, -1, -1]);
const DYS = new Int8Array([-1, -1, 0, 1, 1, 1, 0, -1]);

/**
 * Jump Point Search over precomputed jump distances (JPS+, after Rabin), for one goal and walls only: the
 * same jump points and pruning as JumpPointSearch, but each straight jump or diagonal walk is one table read.
 * The goal is not in the table, so each jump checks it instead: a straight jump whose line runs through the
 * goal within reach stops there; a diagonal jump whose quadrant holds the goal stops where it meets the
 * goal's row or column (a cell from which a straight jump may reach it).
 *
 * A query here reaches a few dozen cells scattered over the map, so its cost is cache misses more than
 * work. It keeps what it knows of them together: one 8-byte slot per cell (stamp, node) and a node pool
 * (cell, g, parent, heap slot) filled in the order cells are reached, with its own small heap over nodes,
 * instead of the shared per-cell arrays (four cache lines a cell). Forced turns are read from the cell's
 * own table entry, not from the walls around it. On the way out it writes the parents of the path's jump
 * points into the shared space for the planner's tracePath. Its heap is written out in the loop rather than
 * an OpenHeap over nodes: that measured 6–8% slower on lak304d and arena2.
 *
 * Before any of that it tries the octile path (see octilePath): open ground answers there.
 *
 * The planner sends only queries that fit: 8 moves, uniform costs, no one-way edges, one goal, and no
 * character walled off for this search (the table knows the map's walls only).
 */
export class JumpTableSearch {
  readonly table: JumpTable;
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  /** The canonical directions out of the jump point being expanded. */
  private readonly dirs = new Int32Array(8);
  private readonly dist: Int16Array;
  private readonly nodes: JumpNodes;

  constructor(grid: NavGrid, space: SearchSpace, goals: GoalSet, table: JumpTable, nodes: JumpNodes) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.table = table;
    this.dist = table.dist;
    this.nodes = nodes;
  }

  /** Searches from `start` to the single goal configured in the space; writes how it ended to `out`. */
  run(start: number, maxExpanded: number, out: SearchOutcome): void {
    this.table.refresh();
    if (maxExpanded >= 2 && this.octilePath(start, out)) return;
    const w = this.grid.width;
    const dist = this.dist;
    const space = this.space;
    const expandedCells = space.expandedCells;
    const dirs = this.dirs;
    const gx = this.goals.xs[0];
    const gy = this.goals.ys[0];
    const goal = gy * w + gx;
    const pool = this.nodes;
    const stamp = space.gen;
    const slot = pool.slots(stamp);
    let cellOf = pool.cellOf;
    let gOf = pool.gOf;
    let parentOf = pool.parentOf;
    let at = pool.at;
    let heap = pool.heap;
    let keys = pool.keys;
    const sx = start % w;
    const sy = (start - sx) / w;
    // Rows by truncating (c + 0.5)/w, multiplied by 1/w (exact for any grid that fits in memory): integer
    // divisions and Math.floor's checks are slow.
    const invW = 1 / w;
    slot[2 * start] = stamp;
    slot[2 * start + 1] = 0;
    cellOf[0] = start;
    gOf[0] = 0;
    parentOf[0] = start;
    at[0] = 0;
    heap[0] = 0;
    keys[0] = octile(gx - sx, gy - sy);
    let nodes = 1;
    let size = 1;
    let expanded = 0;
    let done = false;
    while (!done) {
      if (nodes + 8 > cellOf.length) {
        pool.grow();
        cellOf = pool.cellOf;
        gOf = pool.gOf;
        parentOf = pool.parentOf;
        at = pool.at;
        heap = pool.heap;
        keys = pool.keys;
      }
      // An expansion makes at most 8 nodes: while `nodes` is at most `room` they fit. The pool grows between
      // passes of this loop, not inside it: a call in the loop, even one rarely taken, makes V8 keep the loop's
      // values in memory instead of registers.
      const room = cellOf.length - 8;
      while (nodes <= room) {
        if (size === 0) {
          done = true;
          break;
        }
        if (expanded >= maxExpanded) {
          out.limited = true;
          done = true;
          break;
        }
        // Pop the least key; the last slot's node sinks from the root.
        const n = heap[0];
        if (--size > 0) {
          const m = heap[size];
          const mk = keys[size];
          let i = 0;
          for (;;) {
            let child = 2 * i + 1;
            if (child >= size) break;
            if (child + 1 < size && keys[child + 1] < keys[child]) child++;
            if (keys[child] >= mk) break;
            heap[i] = heap[child];
            keys[i] = keys[child];
            at[heap[i]] = i;
            i = child;
          }
          heap[i] = m;
          keys[i] = mk;
          at[m] = i;
        }
        const c = cellOf[n];
        expandedCells[expanded++] = c;
        const gc = gOf[n];
        gOf[n] = CLOSED_G;
        if (c === goal) {
          out.status = OUTCOME_FOUND;
          out.end = c;
          out.cost = gc;
          // The path's jump points, back to the start, for the planner's tracePath.
          pool.writeParents(space.parent, start, c);
          done = true;
          break;
        }
        const y = ((c + 0.5) * invW) | 0;
        const x = c - y * w;
        const c8 = c * 8;
        // The canonical directions out of c (all eight from the start), then one jump along each.
        let nd = 0;
        if (n === 0) {
          for (let d = 0; d < 8; d++) dirs[nd++] = d;
        } else {
          const p = parentOf[n];
          const py = ((p + 0.5) * invW) | 0;
          const px = p - py * w;
          const dx = x > px ? 1 : x < px ? -1 : 0;
          const dy = y > py ? 1 : y < py ? -1 : 0;
          // JumpTable.canonicalDirections' rule, written out: the call measured 2.5-4% slower on lak304d and
          // arena2 (same process), and this loop is what bench:path times.
          if (dx !== 0 && dy !== 0) {
            // Diagonal: both straight components and the diagonal itself (no forced turns without corner cutting).
            dirs[nd++] = DIR_OF[4 + dx];
            dirs[nd++] = DIR_OF[(dy + 1) * 3 + 1];
            dirs[nd++] = DIR_OF[(dy + 1) * 3 + dx + 1];
          } else if (dx !== 0) {
            dirs[nd++] = DIR_OF[4 + dx];
            // Forced turns: a side cell open while the one behind it is a wall. The cell behind c is open (c was
            // reached along the line), so the side cell is open when c can step to it, and the one behind it is
            // a wall when c cannot step diagonally back past it: both in c's own entry.
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
        }
        const rx = gx - x;
        const ry = gy - y;
        for (let i = 0; i < nd; i++) {
          // The jump along d: to the goal, a jump point, or nowhere.
          const d = dirs[i];
          const k = dist[c8 + d];
          const reach = k > 0 ? k : -k;
          if (reach === 0) continue;
          const dx = DXS[d];
          const dy = DYS[d];
          let steps = 0;
          let len = 1;
          if ((d & 1) === 0) {
            // Straight: the goal on this line, ahead and within reach, comes before any jump point beyond it.
            const along = dx !== 0 ? (ry === 0 ? (rx * dx) | 0 : 0) : rx === 0 ? (ry * dy) | 0 : 0;
            if (along > 0 && along <= reach) steps = along;
            else if (k > 0) steps = k;
          } else {
            // Diagonal: the goal's quadrant, met on its row or column before the jump point (or the wall).
            len = SQRT2;
            const ax = (rx * dx) | 0;
            const ay = (ry * dy) | 0;
            if (ax > 0 && ay > 0) {
              const meet = ax < ay ? ax : ay;
              if (k > 0 ? meet < k : meet <= reach) steps = meet;
            }
            if (steps === 0 && k > 0) steps = k;
          }
          if (steps === 0) continue;
          // Relax the cell `steps` along d.
          const jx = x + steps * dx;
          const jy = y + steps * dy;
          const j = jy * w + jx;
          const ng = gc + steps * len;
          let m: number;
          let hole: number;
          if (slot[2 * j] === stamp) {
            m = slot[2 * j + 1];
            if (ng >= gOf[m]) continue;
            hole = at[m];
          } else {
            m = nodes++;
            slot[2 * j] = stamp;
            slot[2 * j + 1] = m;
            cellOf[m] = j;
            hole = size++;
          }
          gOf[m] = ng;
          parentOf[m] = c;
          let hx = gx - jx;
          if (hx < 0) hx = -hx;
          let hy = gy - jy;
          if (hy < 0) hy = -hy;
          const key = ng + hx + hy + SQRT2_MINUS_2 * (hx < hy ? hx : hy) - ng * TIE;
          // Sift up from the node's slot (a new one at the end, or its own after a cheaper way in).
          while (hole > 0) {
            const up = (hole - 1) >> 1;
            const uk = keys[up];
            if (uk <= key) break;
            const u = heap[up];
            heap[hole] = u;
            keys[hole] = uk;
            at[u] = hole;
            hole = up;
          }
          heap[hole] = m;
          keys[hole] = key;
          at[m] = hole;
        }
      }
    }
    out.expanded = expanded;
    space.expandedCount = expanded;
  }

  /**
   * Answers without a search when the octile path to the goal is open: its diagonal run and its straight run,
   * in either order, each walked through the table (one read per jump point along it). Its cost is the
   * heuristic's, a lower bound, so it is optimal. On open ground most queries end here (on the bench's arena
   * queries, 66 of 80); elsewhere it costs a few reads. Counts as expanding the start and the goal.
   */
  private octilePath(start: number, out: SearchOutcome): boolean {
    const w = this.grid.width;
    const sy = ((start + 0.5) * (1 / w)) | 0;
    const sx = start - sy * w;
    const gx = this.goals.xs[0];
    const gy = this.goals.ys[0];
    const goal = gy * w + gx;
    const dx = gx > sx ? 1 : gx < sx ? -1 : 0;
    const dy = gy > sy ? 1 : gy < sy ? -1 : 0;
    const adx = ((gx - sx) * dx) | 0;
    const ady = ((gy - sy) * dy) | 0;
    const diagonal = adx < ady ? adx : ady;
    const straight = (adx < ady ? ady : adx) - diagonal;
    const diagonalDir = DIR_OF[(dy + 1) * 3 + dx + 1];
    const diagonalStep = dx + dy * w;
    const straightDir = adx > ady ? DIR_OF[4 + dx] : DIR_OF[(dy + 1) * 3 + 1];
    const straightStep = adx > ady ? dx : dy * w;
    let turn = start + diagonal * diagonalStep;
    if (
      !this.table.runOpen(start, diagonalDir, diagonalStep, diagonal) ||
      !this.table.runOpen(turn, straightDir, straightStep, straight)
    ) {
      turn = start + straight * straightStep;
      if (
        !this.table.runOpen(start, straightDir, straightStep, straight) ||
        !this.table.runOpen(turn, diagonalDir, diagonalStep, diagonal)
      )
        return false;
    }
    answerOctile(this.space, out, start, turn, goal, diagonal * SQRT2 + straight);
    return true;
  }
}

/** Octile distance of an offset (dx, dy). */
function octile(dx: number, dy: number): number {
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  return dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy);
}
