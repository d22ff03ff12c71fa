import type { Character } from '../Character.ts';
import { type Agents, WALK } from './Agents.ts';
import { growFloat, growInt } from './growArrays.ts';

/**
 * How each walker is getting on (docs/movement.md, tying a knot): its best distance to its goal so far, and
 * the tick it last got nearer. One that has not got nearer for a while in free stepping is stuck, and the
 * crowd ties a knot round it.
 */
export class Progress {
  private readonly agents: Agents;
  private bestGoal = new Int32Array(16).fill(-1);
  private bestDist = new Float64Array(16);
  private bestTick = new Int32Array(16);

  constructor(agents: Agents) {
    this.agents = agents;
  }

  /** Makes room for character `id`. */
  grow(id: number): void {
    if (id < this.bestGoal.length) return;
    const n = Math.max(id + 1, this.bestGoal.length * 2);
    this.bestGoal = growInt(this.bestGoal, n, -1);
    this.bestTick = growInt(this.bestTick, n, 0);
    this.bestDist = growFloat(this.bestDist, n);
  }

  /** Each walker's best distance to its goal so far (those in knots, `knotOf` not 0, are left alone). */
  note(characters: readonly Character[], knotOf: Int32Array, tick: number): void {
    const agents = this.agents;
    for (const c of characters) {
      const id = c.id;
      if (agents.role[id] !== WALK || knotOf[id] !== 0) continue;
      if (this.bestGoal[id] !== agents.goal[id]) {
        this.bestGoal[id] = agents.goal[id];
        this.bestDist[id] = Number.POSITIVE_INFINITY;
        this.bestTick[id] = tick;
      }
      const d = c.planCell === agents.goal[id] ? 0 : agents.dist(id, c.planCell);
      if (d < this.bestDist[id] - 0.5 || d === 0) {
        this.bestDist[id] = d;
        this.bestTick[id] = tick;
      }
    }
  }

  /** Ticks since `id` last got nearer `goal`; -1 when its progress was noted towards another goal, or none. */
  stalled(id: number, goal: number, tick: number): number {
    return this.bestGoal[id] === goal ? tick - this.bestTick[id] : -1;
  }

  /** A fresh start for `id`'s progress clock (its knot was untied). */
  restart(id: number): void {
    this.bestGoal[id] = -1;
  }
}
