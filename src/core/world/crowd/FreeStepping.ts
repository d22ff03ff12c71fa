import type { NavGrid } from '../../grid/index.ts';
import type { Character } from '../Character.ts';
import { ABSENT, type Agents, CHASE, HOLD, REST, STRICT, WALK } from './Agents.ts';
import { growFloat, growInt } from './growArrays.ts';
import type { Knot } from './Knot.ts';
import { Transition } from './Transition.ts';

/** A chaser counts as arrived within this distance of the player on the chase field (in reach). */
const IN_REACH = 1.5;
/** Ticks a walker may stand before others in free stepping push it out of their way. */
const PATIENCE = 10;

/** What free stepping needs of the world: who is there, and starting their steps. */
export interface FreeSteppingHost {
  readonly characters: readonly Character[];
  /** `c` starts its step into `cell` (free: the crowd checked). */
  startStep(c: Character, cell: number): void;
}

/**
 * Free stepping (docs/movement.md): every tick, those standing outside knots and timetables decide one step
 * each from where everyone is, by PIBT (Transition.ts), in the order of the crowd's own priorities, which rise
 * every tick a character is away from its goal and drop to their fraction on arrival.
 */
export class FreeStepping {
  /** PIBT over the whole crowd (knots' planners borrow its per-tile arrays). */
  readonly transition: Transition;
  /** Each character's priority (by id). */
  prio = new Float64Array(16);
  private readonly host: FreeSteppingHost;
  private readonly agents: Agents;
  /** Whether a character follows a timetable (or waits for one): free stepping leaves it be. */
  private readonly timed: (id: number) => boolean;
  private order = new Int32Array(16);
  private salt = 0;
  private held = new Int32Array(64);
  private busyMark = new Uint8Array(16);

  constructor(
    grid: NavGrid,
    agents: Agents,
    moves: 8 | 4,
    host: FreeSteppingHost,
    timed: (id: number) => boolean,
  ) {
    this.host = host;
    this.agents = agents;
    this.timed = timed;
    this.transition = new Transition(grid, agents, moves);
    this.transition.noFollow = true;
    this.transition.busy = this.busyMark;
  }

  /** Makes room for character `id`. */
  grow(id: number): void {
    this.transition.grow(id);
    if (id < this.prio.length) return;
    const n = Math.max(id + 1, this.prio.length * 2);
    this.prio = growFloat(this.prio, n);
    const busy = new Uint8Array(n);
    busy.set(this.busyMark);
    this.busyMark = busy;
    this.transition.busy = busy;
    this.order = new Int32Array(n);
  }

  /** `id` left the map: nobody waits for it. */
  forget(id: number): void {
    this.busyMark[id] = 0;
  }

  /**
   * Those standing outside knots decide one step each from where everyone is (PIBT, nobody stepping onto a
   * tile someone holds: its holder is asked to leave it and the asker waits), and start it. Knot members
   * stay put here and their regions are walls. `front`: each character's tile (updated for those who step);
   * `knotOf`: which knot each is in (0 none). Returns whether a transition was made (and steps started).
   */
  step(front: Int32Array, knotOf: Int32Array, knots: readonly Knot[], tick: number): boolean {
    const t = this.transition;
    const to = t.to;
    const n = this.agents.count;
    const agents = this.agents;
    to.fill(-1, 0, n);
    let held = 0;
    for (const c of this.host.characters) {
      if (c.away) continue;
      const id = c.id;
      if (knotOf[id] !== 0) {
        // Its region holds its front; a step under way may have begun outside it (tied mid-step).
        to[id] = front[id];
        if (c.moving) held = this.hold(held, c.cell);
      } else if (this.timed(id)) {
        // A timetabled walker follows its timetable: here it is where it is, and nobody pushes it.
        front[id] = c.planCell;
        to[id] = c.planCell;
        if (c.moving) held = this.hold(held, c.cell);
      } else if (c.moving) {
        to[id] = c.step.toCell;
        held = this.hold(held, c.cell);
      }
      // Walkers on their way are waited for, not pushed, unless they have stood still a while.
      const role = agents.role[id];
      const going = (role === WALK && c.planCell !== agents.goal[id]) || role === CHASE;
      this.busyMark[id] = going && tick - c.step.startTick < PATIENCE ? 1 : 0;
    }
    // A knot's tiles are walls to everyone else (its members stay on theirs).
    for (const knot of knots)
      for (let k = 0; k < knot.cells.length; k++) held = this.hold(held, knot.cells[k]);
    const count = this.rank(front);
    if (!t.generate(front, this.order, count, ++this.salt, this.held, held)) return false;
    const prio = this.prio;
    for (const c of this.host.characters) {
      if (c.away) continue;
      const id = c.id;
      const next = to[id];
      if (next < 0 || knotOf[id] !== 0 || this.timed(id)) continue;
      prio[id] = this.atGoal(id, next) ? prio[id] - Math.floor(prio[id]) : prio[id] + 1;
      if (c.moving || next === c.cell) continue;
      front[id] = next;
      this.host.startStep(c, next);
    }
    return true;
  }

  private hold(count: number, cell: number): number {
    if (count === this.held.length) this.held = growInt(this.held, count * 2, 0);
    this.held[count] = cell;
    return count + 1;
  }

  /** The characters in deciding order by the crowd's own priorities (the player first). */
  private rank(front: Int32Array): number {
    const agents = this.agents;
    let count = 0;
    for (let id = 1; id < agents.count; id++) {
      const role = agents.role[id];
      if (role !== ABSENT && role !== HOLD && front[id] >= 0) this.order[count++] = id;
    }
    const prio = this.prio;
    for (let id = 1; id < agents.count; id++) if (agents.role[id] === STRICT) prio[id] = 1e15;
    this.order.subarray(0, count).sort((a, b) => prio[b] - prio[a] || a - b);
    return count;
  }

  private atGoal(id: number, cell: number): boolean {
    const agents = this.agents;
    const role = agents.role[id];
    if (role === WALK || role === REST) return cell === agents.goal[id];
    if (role === CHASE) return agents.dist(id, cell) <= IN_REACH;
    return true;
  }
}
