import type { NavGrid } from '../grid/index.ts';
import type { GoalSet } from './GoalSet.ts';
import type { JumpTable } from './JumpTable.ts';
import { OUTCOME_FOUND, type SearchOutcome } from './SearchOutcome.ts';
import type { SearchSpace } from './SearchSpace.ts';
import type { WindowBox } from './WindowBox.ts';

const SQRT2 = Math.SQRT2;
const SQRT2_MINUS_2 = Math.SQRT2 - 2;
/** Direction (0 = N, clockwise) of a unit step, indexed by (dy + 1) * 3 + (dx + 1). */
const DIR_OF = new Int8Array([7, 0, 1, 6, -1, 2, 5, 4, 3]);

/**
 * What the window JPS (WindowJumpSearch) tries before it searches: the octile path to the nearest goal. Where
 * it is open it costs the heuristic's lower bound, so it is the answer.
 */
export class OctilePath {
  private readonly grid: NavGrid;
  private readonly space: SearchSpace;
  private readonly goals: GoalSet;
  private readonly table: JumpTable;
  private readonly box: WindowBox;

  constructor(grid: NavGrid, space: SearchSpace, goals: GoalSet, table: JumpTable, box: WindowBox) {
    this.grid = grid;
    this.space = space;
    this.goals = goals;
    this.table = table;
    this.box = box;
  }

  /**
   * Answers without a search when the octile path to the nearest goal (its diagonal run and its straight run,
   * either order, as JumpTableSearch tries them) is open in the table and the policy touches none of its steps
   * in B (WindowBox): its cost is the heuristic's, a lower bound, so it is optimal. Counts as expanding the
   * start and the goal.
   */
  answer(start: number, out: SearchOutcome): boolean {
    const w = this.grid.width;
    const sy = ((start + 0.5) * (1 / w)) | 0;
    const sx = start - sy * w;
    const goals = this.goals;
    let best = 0;
    let bestH = Number.POSITIVE_INFINITY;
    for (let g = 0; g < goals.count; g++) {
      let ax = goals.xs[g] - sx;
      if (ax < 0) ax = -ax;
      let ay = goals.ys[g] - sy;
      if (ay < 0) ay = -ay;
      const h = ax + ay + SQRT2_MINUS_2 * (ax < ay ? ax : ay);
      if (h < bestH) {
        bestH = h;
        best = g;
      }
    }
    const gx = goals.xs[best];
    const gy = goals.ys[best];
    const goal = gy * w + gx;
    const dx = gx > sx ? 1 : gx < sx ? -1 : 0;
    const dy = gy > sy ? 1 : gy < sy ? -1 : 0;
    const adx = ((gx - sx) * dx) | 0;
    const ady = ((gy - sy) * dy) | 0;
    const diagonal = adx < ady ? adx : ady;
    const straight = (adx < ady ? ady : adx) - diagonal;
    const diagonalDir = DIR_OF[(dy + 1) * 3 + dx + 1];
    const straightDir = adx > ady ? DIR_OF[4 + dx] : DIR_OF[(dy + 1) * 3 + 1];
    const sdx = adx > ady ? dx : 0;
    const sdy = adx > ady ? 0 : dy;
    let turn = start + diagonal * (dx + dy * w);
    if (
      !this.runClear(start, sx, sy, diagonalDir, dx, dy, diagonal) ||
      !this.runClear(turn, sx + diagonal * dx, sy + diagonal * dy, straightDir, sdx, sdy, straight)
    ) {
      turn = start + straight * (sdx + sdy * w);
      if (
        !this.runClear(start, sx, sy, straightDir, sdx, sdy, straight) ||
        !this.runClear(turn, sx + straight * sdx, sy + straight * sdy, diagonalDir, dx, dy, diagonal)
      )
        return false;
    }
    answerOctile(this.space, out, start, turn, goal, diagonal * SQRT2 + straight);
    return true;
  }

  /**
   * Whether `count` steps from `cell` at (x, y) along d (dx, dy) are open in the table and, where they come
   * into B, untouched by the policy (no extra cost; under 'block', no walled cell entered or squeezed past).
   */
  private runClear(
    cell: number,
    x: number,
    y: number,
    d: number,
    dx: number,
    dy: number,
    count: number,
  ): boolean {
    if (count === 0) return true;
    if (!this.table.runOpen(cell, d, dx + dy * this.grid.width, count)) return false;
    return this.box.untouched(x, y, dx, dy, count);
  }
}

/**
 * Writes an octile path found open (start, its one turn, goal; `turn` may be either end) as the search's answer,
 * two cells expanded: the corners for the planner's tracePath. Shared by the window JPS and the table JPS.
 */
export function answerOctile(
  space: SearchSpace,
  out: SearchOutcome,
  start: number,
  turn: number,
  goal: number,
  cost: number,
): void {
  const parent = space.parent;
  if (turn === start || turn === goal) parent[goal] = start;
  else {
    parent[turn] = start;
    parent[goal] = turn;
  }
  out.status = OUTCOME_FOUND;
  out.end = goal;
  out.cost = cost;
  out.expanded = 2;
  space.expandedCells[0] = start;
  space.expandedCells[1] = goal;
  space.expandedCount = 2;
}
