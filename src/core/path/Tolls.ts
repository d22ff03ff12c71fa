import type { NavGrid } from '../grid/index.ts';
import type { SearchSpace } from './SearchSpace.ts';
import type { Toll } from './types.ts';

/**
 * One query's tolls, compiled for the search loops: cells that cost `extra` more to enter unless they are the
 * query's goals (a map's exit tiles, which a walk to somewhere else goes round where that is cheap). Marked by
 * a generation of their own in a per-cell array made on the first query that brings tolls, so a grid nobody
 * tolls pays no memory for them.
 */
export class Tolls {
  /** Tolled cells of this query (its goals left out); 0: none, the loops need not look. */
  count = 0;
  extra = 0;
  private mark: Uint32Array | null = null;
  private gen = 0;

  /** Reads the query's toll (call after its goals are marked in `space`: goals are never tolled). */
  configure(toll: Toll | undefined, grid: NavGrid, space: SearchSpace): void {
    this.count = 0;
    this.extra = 0;
    if (toll === undefined || toll.cells.length === 0) return;
    if (!(toll.extra >= 0) || !Number.isFinite(toll.extra)) {
      throw new RangeError(`path query toll must be a finite number ≥ 0, got ${toll.extra}`);
    }
    if (toll.extra === 0) return;
    if (this.mark === null || this.mark.length !== grid.size) this.mark = new Uint32Array(grid.size);
    if (this.gen === 0xffffffff) {
      this.mark.fill(0);
      this.gen = 0;
    }
    const gen = ++this.gen;
    const mark = this.mark;
    const cells = toll.cells;
    for (let k = 0; k < cells.length; k++) {
      const c = cells[k];
      if (!Number.isInteger(c) || c < 0 || c >= grid.size) {
        throw new RangeError(
          `path query toll cell ${c} is not a cell of the ${grid.width} × ${grid.height} grid`,
        );
      }
      if (space.goalMark[c] === space.gen || mark[c] === gen) continue;
      mark[c] = gen;
      this.count++;
    }
    if (this.count > 0) this.extra = toll.extra;
  }

  /** The toll for entering cell `v` (0 for most). */
  at(v: number): number {
    return this.count !== 0 && (this.mark as Uint32Array)[v] === this.gen ? this.extra : 0;
  }

  /** Whether walking `path` pays any toll. */
  paidOn(path: readonly number[]): boolean {
    if (this.count === 0) return false;
    const mark = this.mark as Uint32Array;
    const gen = this.gen;
    for (let k = 0; k < path.length; k++) if (mark[path[k]] === gen) return true;
    return false;
  }
}
