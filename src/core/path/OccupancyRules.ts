import type { NavGrid } from '../grid/index.ts';
import type { SearchSpace } from './SearchSpace.ts';
import type { OccupancyPolicy } from './types.ts';

export const OCCUPANCY_IGNORE = 0;
export const OCCUPANCY_BLOCK = 1;
export const OCCUPANCY_COST = 2;

/**
 * One query's occupancy policy, compiled to plain fields the search loops read without allocating.
 *
 * Under 'block', a cell held by another character is treated exactly like a wall, corners included: no
 * diagonal squeezes past a character standing at the corner (it would walk through them on screen), and
 * JPS can then model those cells as walls and stay in step with A*.
 */
export class OccupancyRules {
  mode = OCCUPANCY_IGNORE;
  self = 0;
  allowGoal = false;
  extra = 0;
  /** Chebyshev distance from the start beyond which occupancy is ignored; Infinity for everywhere. */
  radius = Number.POSITIVE_INFINITY;
  startX = 0;
  startY = 0;
  private width = 1;
  private occupant: Int32Array = new Int32Array(0);

  configure(policy: OccupancyPolicy | undefined, grid: NavGrid, start: number): void {
    this.width = grid.width;
    this.occupant = grid.occupant;
    this.startX = start % grid.width;
    this.startY = (start - this.startX) / grid.width;
    this.radius = Number.POSITIVE_INFINITY;
    this.self = 0;
    this.allowGoal = false;
    this.extra = 0;
    if (policy === undefined || policy.kind === 'ignore') {
      this.mode = OCCUPANCY_IGNORE;
      return;
    }
    if (!Number.isInteger(policy.self)) {
      throw new RangeError(`occupancy policy self must be a character id (an integer), got ${policy.self}`);
    }
    this.self = policy.self;
    if (policy.radius !== undefined) {
      if (!(policy.radius >= 0)) {
        throw new RangeError(`occupancy policy radius must be a number ≥ 0, got ${policy.radius}`);
      }
      this.radius = policy.radius;
    }
    if (policy.kind === 'block') {
      this.mode = OCCUPANCY_BLOCK;
      this.allowGoal = policy.allowGoal === true;
    } else if (policy.kind === 'cost') {
      if (!(policy.extra >= 0) || !Number.isFinite(policy.extra)) {
        throw new RangeError(`occupancy policy extra cost must be a finite number ≥ 0, got ${policy.extra}`);
      }
      this.mode = OCCUPANCY_COST;
      this.extra = policy.extra;
    } else {
      throw new RangeError(`occupancy policy kind must be 'ignore', 'block' or 'cost'`);
    }
  }

  /** Whether another character's presence matters at cell `v` (held by someone else, within the radius). */
  heldByOther(v: number): boolean {
    const occ = this.occupant[v];
    if (occ === 0 || occ === this.self) return false;
    if (this.radius !== Number.POSITIVE_INFINITY) {
      const x = v % this.width;
      const y = (v - x) / this.width;
      const dx = x > this.startX ? x - this.startX : this.startX - x;
      const dy = y > this.startY ? y - this.startY : this.startY - y;
      if (dx > this.radius || dy > this.radius) return false;
    }
    return true;
  }

  /** Under 'block': whether `v` is walled off by a character (goals stay open when `allowGoal`). */
  blocks(v: number, space: SearchSpace): boolean {
    return this.heldByOther(v) && !(this.allowGoal && space.goalMark[v] === space.gen);
  }

  /** The additive cost of entering `v` (under 'cost'; 0 otherwise). */
  penalty(v: number): number {
    return this.mode === OCCUPANCY_COST && this.heldByOther(v) ? this.extra : 0;
  }
}
