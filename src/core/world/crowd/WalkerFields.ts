import type { NavGrid } from '../../grid/index.ts';
import type { PathPlanner } from '../../path/index.ts';
import { type Agents, WALK } from './Agents.ts';
import { growInt } from './growArrays.ts';

/** Field cells computed per tick (fields wait their turn beyond it; until then a walker uses its route). */
const FIELD_BUDGET = 65536;

/**
 * Each walker's exact distance to its goal (docs/movement.md, the crowd planner): on small grids a walker
 * gets its own reverse distance field, built when it asks and kept while its goal stays. Fields are asked
 * for in `fieldFor`, built in `serve` under a budget of cells a tick, and pooled when a walker gives one up.
 */
export class WalkerFields {
  private readonly grid: NavGrid;
  private readonly host: { readonly planner: PathPlanner };
  private readonly agents: Agents;
  private readonly moves: 8 | 4;
  // Each walker's own field (pooled), the goal it was built for, requests.
  private fieldFree: Float64Array[] = [];
  private ownField: (Float64Array | null)[] = [null];
  private fieldGoal = new Int32Array(16).fill(-1);
  private fieldWanted = new Int32Array(16);
  private fieldQueue: number[] = [];

  /** `host.planner` builds the fields. */
  constructor(grid: NavGrid, host: { readonly planner: PathPlanner }, agents: Agents, moves: 8 | 4) {
    this.grid = grid;
    this.host = host;
    this.agents = agents;
    this.moves = moves;
  }

  /** Makes room for character `id`. */
  grow(id: number): void {
    if (id >= this.fieldGoal.length) {
      const n = Math.max(id + 1, this.fieldGoal.length * 2);
      this.fieldGoal = growInt(this.fieldGoal, n, -1);
      this.fieldWanted = growInt(this.fieldWanted, n, 0);
    }
    while (this.ownField.length <= id) this.ownField.push(null);
  }

  /**
   * The exact field of `id` towards `goal` when it has one built; asks for it otherwise (until then the
   * walker is priced by its route, or as the crow flies).
   */
  fieldFor(id: number, goal: number): Float64Array | null {
    const own = this.ownField[id];
    if (own !== null && this.fieldGoal[id] === goal) return own;
    if (goal >= 0 && this.fieldWanted[id] !== goal + 1) {
      this.fieldWanted[id] = goal + 1;
      this.fieldQueue.push(id);
    }
    return null;
  }

  /** `id` needs no field now: its own goes back to the pool. */
  release(id: number): void {
    const own = this.ownField[id];
    if (own !== null) this.fieldFree.push(own);
    this.ownField[id] = null;
    this.fieldGoal[id] = -1;
    this.fieldWanted[id] = 0;
  }

  /** Builds the fields asked for, in the order asked, while the tick's budget lasts. */
  serve(): void {
    let spent = 0;
    const q = this.fieldQueue;
    let k = 0;
    while (k < q.length && spent < FIELD_BUDGET) {
      const id = q[k++];
      const goal = this.fieldWanted[id] - 1;
      if (goal < 0 || this.agents.role[id] !== WALK || this.agents.goal[id] !== goal) continue;
      const f = this.ownField[id] ?? this.fieldFree.pop() ?? new Float64Array(this.grid.size);
      // Filling the array costs its size too, beside the cells expanded.
      spent +=
        this.host.planner.distanceField(goal, f, { reverse: true, moves: this.moves }) +
        (this.grid.size >> 3);
      this.ownField[id] = f;
      this.fieldGoal[id] = goal;
      this.agents.field[id] = f;
    }
    q.splice(0, k);
  }
}
