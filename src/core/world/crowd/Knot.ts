import type { NavGrid } from '../../grid/index.ts';
import { Agents, FREE, WALK } from './Agents.ts';
import { ConfigSearch } from './ConfigSearch.ts';
import { cutLoops } from './PlanLoops.ts';
import { playOut } from './PlanPlayout.ts';
import { stepAsideInPlan } from './StepAside.ts';
import type { StepQueue } from './StepQueue.ts';
import { Transition } from './Transition.ts';

/**
 * A knot (docs/movement.md): walkers that stopped getting nearer their goals, and everyone standing around them,
 * solved together. The knot owns a region of tiles; its members are every character whose tile lies in it
 * (the player and anyone striking stay out: they are walls to it), and everyone else keeps out of it until it
 * is undone. LaCAM (ConfigSearch) searches the members' configurations, within the region, for one where every
 * walking member is at least a little nearer its goal (or as near as the region allows, or on it) — complete:
 * if such a configuration can be reached it is found — and the members play it out as committed steps. Every
 * knot undone so brings its walkers nearer; one that cannot is tied again wider.
 */

/** Configurations a knot's search may hold; beyond, it fails and the knot is tied again wider, later. */
const MAX_NODES = 20000;
/** Ticks each search made again (`planAgain`) may take after the first found its plan. */
const SECOND_TICKS = 20;
/** How much nearer its goal each walking member must get (or as near as the region lets it). */
const PROGRESS = 2;

export interface KnotMember {
  /** Global character id. */
  id: number;
  /** The tile it stands on or steps into. */
  front: number;
  /** Its global goal tile for a walker, -1 for one with nowhere to be. */
  goal: number;
  /** How far a tile is from its goal (the crowd's pricing), for picking a target beside the region. */
  dist: (cell: number) => number;
  prio: number;
  /** Its ticks for a straight step. */
  straight: number;
}

export class Knot {
  /** Member global ids by local id (index 0 unused). */
  readonly members: Int32Array;
  /** The region's tiles (a tile's index here is its slot). */
  readonly cells: Int32Array;
  /** Whether every walker is to reach its own goal (the whole crowd's knot), not just get unstuck. */
  readonly whole: boolean;
  /** Tick it was tied. */
  readonly since: number;
  /** Ticks it may search unsolved before it is untied (set by the crowd when it ties it). */
  patience = Number.POSITIVE_INFINITY;
  private readonly search: ConfigSearch;
  /**
   * The searches made again once the plan is found (`planAgain`), which of them runs and for how long, and the
   * best plan so far while they run.
   */
  private readonly again: (() => ConfigSearch)[];
  private alt: ConfigSearch | null = null;
  private altIndex = -1;
  private altTicks = 0;
  private pending: Int32Array[] | null = null;
  private readonly width: number;
  private readonly front: Int32Array;
  private frontNode = 0;
  /** Each walking member's goal (-1 for the others), and the distance from it that counts as done. */
  private readonly target: Int32Array;
  /** Each member's ticks for a straight step. */
  private readonly stepTime: Float64Array;
  private readonly slot: Int32Array;
  private readonly grid: NavGrid;

  /**
   * @param slot the crowd's per-tile slot array: this knot writes its region's slots there (and clears them
   *   in `untie`); regions of knots never overlap.
   * @param boundary tiles next to the region a member may not enter (off the region, or held by others).
   */
  constructor(
    grid: NavGrid,
    moves: 8 | 4,
    shared: Transition,
    slot: Int32Array,
    cells: Int32Array,
    boundary: Int32Array,
    members: readonly KnotMember[],
    seed: number,
    since: number,
    whole = false,
  ) {
    this.cells = cells;
    this.grid = grid;
    this.slot = slot;
    this.since = since;
    this.width = grid.width;
    const m = members.length;
    this.members = new Int32Array(m + 1);
    this.front = new Int32Array(m + 1).fill(-1);
    this.target = new Int32Array(m + 1).fill(-1);
    this.stepTime = new Float64Array(m + 1);
    for (let k = 0; k < cells.length; k++) slot[cells[k]] = k;
    const agents = new Agents(grid, moves);
    agents.grow(m);
    agents.slot = slot;
    const prio = new Float64Array(m + 1);
    const enough = new Float64Array(m + 1);
    for (let k = 1; k <= m; k++) {
      const mb = members[k - 1];
      this.members[k] = mb.id;
      this.front[k] = mb.front;
      this.stepTime[k] = mb.straight;
      prio[k] = mb.prio;
      if (mb.goal < 0) {
        agents.role[k] = FREE;
        continue;
      }
      // Its distances, priced as the crowd prices them, over the region's tiles (off it: out of reach).
      const field = new Float64Array(cells.length);
      let nearest = Number.POSITIVE_INFINITY;
      for (let s = 0; s < cells.length; s++) {
        field[s] = mb.dist(cells[s]);
        if (field[s] < nearest) nearest = field[s];
      }
      agents.role[k] = WALK;
      agents.goal[k] = mb.goal;
      agents.field[k] = field;
      // Enough: the one it was tied for gets PROGRESS nearer than it stands (or as near as the region lets
      // it); one standing on its goal ends there again; the others may end anywhere.
      const here = field[slot[mb.front]];
      if (whole) enough[k] = nearest + 1e-9;
      else if (mb.id === seed) enough[k] = Math.max(nearest, here - PROGRESS) + 1e-9;
      else enough[k] = mb.front === mb.goal ? 1e-9 : Number.POSITIVE_INFINITY;
      if (mb.id === seed) prio[k] = 1e12;
      this.target[k] = mb.goal;
    }
    this.whole = whole;
    this.search = this.newSearch(grid, agents, moves, shared, boundary, enough, prio, false);
    // Kept for searching again (`planAgain`): short lines of followers, first in the crowd's priorities, then
    // farthest from its goal first (PIBT's own order).
    const farthest = prio.slice();
    for (let k = 1; k <= m; k++) {
      const field = agents.field[k];
      farthest[k] = agents.role[k] === WALK && field !== null ? field[slot[this.front[k]]] : 0;
    }
    this.again = [
      () => this.newSearch(grid, agents, moves, shared, boundary, enough, prio, true),
      () => this.newSearch(grid, agents, moves, shared, boundary, enough, farthest, true),
    ];
  }

  private newSearch(
    grid: NavGrid,
    agents: Agents,
    moves: 8 | 4,
    shared: Transition,
    boundary: Int32Array,
    enough: Float64Array,
    prio: Float64Array,
    shortChains: boolean,
  ): ConfigSearch {
    const transition = new Transition(grid, agents, moves, shared);
    transition.grow(this.members.length - 1);
    transition.shortChains = shortChains;
    const search = new ConfigSearch(grid, agents, transition, moves);
    search.held = boundary;
    search.enough = enough;
    search.maxNodes = this.whole ? Number.POSITIVE_INFINITY : MAX_NODES;
    search.reset(this.front, prio.slice());
    return search;
  }

  /**
   * Once its plan is found, search again with short lines of followers (Transition's `shortChains`), twice: in
   * the crowd's priorities, then farthest from its goal first. Each runs up to SECOND_TICKS ticks, and the plan
   * that plays out soonest is committed (`playout`). PIBT's pushes make lines of walkers stepping into one
   * another's tiles within one step, and under the hold-both rule such a line goes one after another: a plan
   * of fewer lines may be longer and still play out sooner, or not. The third search (crowd tool, 300 s, sum
   * of arrivals over the lower bound): maze ×150 with 4 moves 4.73× → 3.39× (last arrival 146 → 101 s),
   * warehouse ×150 with 8 4.70× → 3.99×, room ×125 with 8 3.93× → 3.66×; random ×200 with 8 4.88× → 4.94×
   * (its plan kept, the members stood 0.3 s longer). For a knot whose members may wait a little longer before
   * they move (the whole crowd's). The first plan is kept if the others find none, so the knot is as complete
   * as before.
   */
  planAgain(): void {
    this.altIndex = 0;
  }

  /** Whether the search found its configuration (the members are on their way to it). */
  get solved(): boolean {
    return this.search.found >= 0;
  }

  /** Whether no configuration with every walker on its target can be reached in this region. */
  get failed(): boolean {
    return this.search.exhausted;
  }

  /** The members' targets reached and played out: nothing left to take. */
  done(steps: StepQueue, moving: (id: number) => boolean): boolean {
    const search = this.search;
    if (search.found < 0 || this.frontNode !== search.found) return false;
    for (let k = 1; k < this.members.length; k++) {
      const id = this.members[k];
      if (steps.queued(id) > 0 || moving(id)) return false;
    }
    return true;
  }

  /** Whether character `id` is a member. */
  has(id: number): boolean {
    for (let m = 1; m < this.members.length; m++) if (this.members[m] === id) return true;
    return false;
  }

  /**
   * One tick: search a bounded amount, and when a member stands idle with somewhere to be, commit the next
   * transition on the search's way. Returns PIBT calls spent. `now` is the tick; a walking member of a plan found
   * now that would stand over `maxStand` ticks away from its goal steps aside and back meanwhile.
   */
  tick(
    steps: StepQueue,
    budget: number,
    moving: (id: number) => boolean,
    now = 0,
    maxStand = Number.POSITIVE_INFINITY,
  ): number {
    const search = this.search;
    let work = 0;
    if (search.found < 0 && !search.exhausted) {
      work = search.run(budget);
      if (search.found >= 0) {
        // Found: commit the shortest way there from where the members have got to, over everything the
        // search met, all at once (the members then take their steps as fast as the step queue allows).
        const plan = this.planOf(search);
        if (this.altIndex < 0) {
          this.commitPlan(steps, plan, now, maxStand);
          return work;
        }
        this.pending = plan;
        this.alt = this.again[0]();
      }
    }
    if (this.pending !== null) {
      const alt = this.alt!;
      if (alt.found < 0 && !alt.exhausted && this.altTicks < SECOND_TICKS) {
        work += alt.run(budget);
        this.altTicks++;
      }
      if (alt.found >= 0 || alt.exhausted || this.altTicks >= SECOND_TICKS) {
        if (alt.found >= 0) {
          const other = this.planOf(alt);
          if (this.playout(other) < this.playout(this.pending)) this.pending = other;
        }
        if (++this.altIndex < this.again.length) {
          this.alt = this.again[this.altIndex]();
          this.altTicks = 0;
          return work;
        }
        const plan = this.pending;
        this.pending = null;
        this.commitPlan(steps, plan, now, maxStand);
      }
      return work;
    }
    // Still searching, and somebody stands idle: walk on towards where the search is (Real-Time LaCAM). Not the
    // whole crowd's knot: its members are mostly on their goals already, and walking a whole crowd towards an
    // unfinished search's frontier scatters them (lak304d ×1,000: 999 on their goals became 34 in 10 s); they
    // stand until its plan is found.
    if (search.found < 0 && !this.whole && this.idle(steps, moving)) {
      const next = search.target() === this.frontNode ? -1 : search.nextOnWay(this.frontNode);
      if (next >= 0) this.commit(steps, next);
    }
    return work;
  }

  /** The way `search` found, from where the members stand, as configurations, its loops cut (PlanLoops.ts). */
  private planOf(search: ConfigSearch): Int32Array[] {
    const way = search.wayToGoal(this.frontNode);
    const configs = [this.front.slice(), ...way.map((node) => search.config(node).slice())];
    cutLoops(configs, this.members.length - 1, this.width);
    return configs;
  }

  /**
   * Commits a plan whole, a walking member that would stand long away from its goal stepping aside and back
   * meanwhile (StepAside.ts); the knot is then done once its members have played it out.
   */
  private commitPlan(steps: StepQueue, configs: Int32Array[], now: number, maxStand: number): void {
    const region = this.slot;
    const cells = this.cells;
    const plan = stepAsideInPlan(
      configs,
      this.members.length - 1,
      this.grid,
      this.stepTime,
      this.target,
      (cell) => region[cell] >= 0 && cells[region[cell]] === cell,
      now,
      maxStand,
    );
    for (let t = 1; t < plan.configs.length; t++) this.commitConfig(steps, plan.configs[t], plan.gates[t]);
    this.frontNode = this.search.found;
  }

  /**
   * The sum of the walking members' last arrivals if the plan is played out as the step queue plays it, in
   * straight steps' time: a step starts once its member has arrived from its last one and the tile's previous
   * occupant has arrived on its next (the hold-both rule). Corners are not waited for (an estimate).
   */
  private playout(configs: Int32Array[]): number {
    const m = this.members.length - 1;
    const { arrivals } = playOut(configs, m, this.width, new Float64Array(m + 1).fill(1));
    let sum = 0;
    for (let k = 1; k <= m; k++) if (this.target[k] >= 0) sum += arrivals[k];
    return sum;
  }

  private commit(steps: StepQueue, node: number): void {
    this.commitConfig(steps, this.search.config(node));
    this.frontNode = node;
  }

  /** Each member's step from where it is going to its tile in `to`. */
  private commitConfig(steps: StepQueue, to: Int32Array, notBefore = -1): void {
    for (let k = 1; k < this.members.length; k++) {
      const a = this.front[k];
      const b = to[k];
      if (a !== b) steps.commit(this.members[k], a, b, Number.POSITIVE_INFINITY, notBefore);
      this.front[k] = b;
    }
  }

  /** Whether a member stands with no committed step left. */
  private idle(steps: StepQueue, moving: (id: number) => boolean): boolean {
    for (let k = 1; k < this.members.length; k++) {
      const id = this.members[k];
      if (steps.queued(id) === 0 && !moving(id)) return true;
    }
    return false;
  }

  /** Frees the region's slots. */
  untie(slot: Int32Array): void {
    for (let k = 0; k < this.cells.length; k++) slot[this.cells[k]] = -1;
  }
}
