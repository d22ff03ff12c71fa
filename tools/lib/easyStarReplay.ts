/**
 * EasyStar.js answering a logged game search (tools/lib/queryLog.ts), the way a game using it would ask: the
 * cells others held are `setAdditionalPointCost` (1 + the extra cost: EasyStar multiplies a step by the cell's
 * cost) under 'cost' and `avoidAdditionalPoint` under 'block' (goals too unless allowed), 4 moves without
 * diagonals, and an iteration limit where the game gave one (EasyStar's synchronous mode ignores its limit,
 * so limited searches run unsynced, one `calculate` of that many iterations). EasyStar takes one goal: it is
 * given the goal the reference search ended on (the best one, known beforehand: in EasyStar's favour).
 */
import EasyStar from 'easystarjs';
import type { NavGrid } from '../../src/core/grid/index.ts';
import { matrix } from './pathPeers.ts';
import type { Replay } from './queryLog.ts';

export class EasyStarReplay {
  private readonly es = new EasyStar.js();
  private readonly width: number;
  private diagonals = true;
  private synced = true;

  constructor(grid: NavGrid) {
    this.width = grid.width;
    const es = this.es;
    es.setGrid(matrix(grid));
    es.setAcceptableTiles([0]);
    es.enableSync();
    es.enableDiagonals();
    es.disableCornerCutting();
    es.setIterationsPerCalculation(Number.MAX_SAFE_INTEGER);
  }

  /** Sets up the others the search saw and its moves and limit (untimed), before `solve`. */
  prepare(r: Replay, target: number): void {
    const es = this.es;
    const q = r.query;
    const w = this.width;
    const policy = q.occupancy;
    // A toll (the map's exits on the player's walks) is a cost on entering its cells but the goal, as the
    // game's is; an occupied toll cell pays both.
    const toll = q.toll?.extra ?? 0;
    if (q.toll)
      for (const c of q.toll.cells)
        if (c !== target) es.setAdditionalPointCost(c % w, Math.floor(c / w), 1 + toll);
    if (policy?.kind === 'cost') {
      const onToll = q.toll ? new Set(q.toll.cells) : null;
      for (const c of r.others)
        es.setAdditionalPointCost(
          c % w,
          Math.floor(c / w),
          1 + policy.extra + (onToll?.has(c) && c !== target ? toll : 0),
        );
    } else if (policy?.kind === 'block') {
      for (const c of r.others)
        if (!(policy.allowGoal && c === target)) es.avoidAdditionalPoint(c % w, Math.floor(c / w));
    }
    const diagonals = q.moves !== 4;
    if (diagonals !== this.diagonals) {
      if (diagonals) es.enableDiagonals();
      else es.disableDiagonals();
      this.diagonals = diagonals;
    }
    const limited = q.maxExpanded !== undefined;
    if (limited === this.synced) {
      if (limited) es.disableSync();
      else es.enableSync();
      this.synced = !limited;
    }
    es.setIterationsPerCalculation(limited ? Math.max(1, q.maxExpanded!) : Number.MAX_SAFE_INTEGER);
  }

  /** The timed part: one search from the query's start to `target`. Returns its instance (for `finish`). */
  solve(r: Replay, target: number): number | undefined {
    const w = this.width;
    const s = r.query.start;
    const id = this.es.findPath(s % w, Math.floor(s / w), target % w, Math.floor(target / w), () => {});
    this.es.calculate();
    return id;
  }

  /** Clears what `prepare` set and drops an unfinished search (untimed). */
  finish(id: number | undefined): void {
    const es = this.es;
    if (id !== undefined && es.cancelPath(id)) es.calculate();
    es.removeAllAdditionalPointCosts();
    es.stopAvoidingAllAdditionalPoints();
  }
}
