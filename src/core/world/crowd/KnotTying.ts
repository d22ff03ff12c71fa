import type { NavGrid } from '../../grid/index.ts';
import { DX, DY } from '../../grid/index.ts';
import type { Character } from '../Character.ts';
import { type Agents, HOLD, STRICT, WALK } from './Agents.ts';
import { Knot, type KnotMember } from './Knot.ts';
import type { Transition } from './Transition.ts';

/**
 * Tying a knot (docs/movement.md): the knot's region is the tiles within a radius (Chebyshev) of the character
 * it is tied round that it reaches through free tiles (never the player's, a striker's or another knot's), and
 * its members are everyone standing in it who may be moved (not the player, not anyone striking).
 */
export class KnotTying {
  private readonly grid: NavGrid;
  private readonly moves: 8 | 4;
  private readonly agents: Agents;
  private readonly host: { readonly characters: readonly Character[] };
  private readonly transition: Transition;
  private readonly slot: Int32Array;
  private readonly tickHz: number;

  /**
   * @param transition the crowd's free stepping, whose per-tile arrays the knots' planners borrow.
   * @param slot each tile's slot in its knot's region (-1 none), which the knots write and clear.
   */
  constructor(
    grid: NavGrid,
    moves: 8 | 4,
    agents: Agents,
    host: { readonly characters: readonly Character[] },
    transition: Transition,
    slot: Int32Array,
    tickHz: number,
  ) {
    this.tickHz = tickHz;
    this.grid = grid;
    this.moves = moves;
    this.agents = agents;
    this.host = host;
    this.transition = transition;
    this.slot = slot;
  }

  /**
   * Ties a knot round character `seed`, its region the tiles within `radius` it reaches through free ones, at
   * tick `since`. `knotOf`: which knot each character is in (0 none; those in one are walls, not members);
   * `prio`: the crowd's priorities, the members' own in the knot.
   */
  tie(
    seed: number,
    radius: number,
    whole: boolean,
    knotOf: Int32Array,
    prio: Float64Array,
    since: number,
  ): Knot {
    const grid = this.grid;
    const w = grid.width;
    const host = this.host;
    const slot = this.slot;
    const start = host.characters[seed - 1].planCell;
    const sx = start % w;
    const sy = (start - sx) / w;
    // Walls to the knot: tiles in other knots, and tiles the player or anyone striking holds.
    const wall = (cell: number): boolean => {
      if (slot[cell] >= 0) return true;
      const o = grid.occupant[cell];
      if (o === 0) return false;
      const role = this.agents.role[o];
      return role === HOLD || role === STRICT || knotOf[o] !== 0;
    };
    const cells: number[] = [start];
    const seen = new Set<number>([start]);
    const step = this.moves === 8 ? 1 : 2;
    for (let q = 0; q < cells.length; q++) {
      const v = cells[q];
      const x = v % w;
      const y = (v - x) / w;
      for (let d = 0; d < 8; d += step) {
        if (!grid.canStep(x, y, d)) continue;
        const nx = x + DX[d];
        const ny = y + DY[d];
        if (Math.abs(nx - sx) > radius || Math.abs(ny - sy) > radius) continue;
        const u = ny * w + nx;
        if (seen.has(u) || wall(u)) continue;
        seen.add(u);
        cells.push(u);
      }
    }
    const boundary: number[] = [];
    const inBoundary = new Set<number>();
    for (const v of cells) {
      const x = v % w;
      const y = (v - x) / w;
      for (let d = 0; d < 8; d++) {
        const nx = x + DX[d];
        const ny = y + DY[d];
        if (!grid.inBounds(nx, ny)) continue;
        const u = ny * w + nx;
        if (!seen.has(u) && !inBoundary.has(u)) {
          inBoundary.add(u);
          boundary.push(u);
        }
      }
    }
    const agents = this.agents;
    const members: KnotMember[] = [];
    for (const c of host.characters) {
      const id = c.id;
      if (c.away || knotOf[id] !== 0 || !seen.has(c.planCell)) continue;
      const role = agents.role[id];
      if (role === HOLD || role === STRICT) continue;
      members.push({
        id,
        front: c.planCell,
        goal: role === WALK ? agents.goal[id] : -1,
        dist: (cell) => agents.dist(id, cell),
        prio: prio[id],
        straight: this.tickHz / c.speed,
      });
    }
    return new Knot(
      grid,
      this.moves,
      this.transition,
      slot,
      Int32Array.from(cells),
      Int32Array.from(boundary),
      members,
      seed,
      since,
      whole,
    );
  }
}
