import { DX, DY, type NavGrid } from '../../grid/index.ts';
import type { GoalDistance, PathPlanner } from '../../path/index.ts';
import type { Character } from '../Character.ts';
import { ABSENT, Agents, CHASE, HOLD, REST, STRICT, WALK } from './Agents.ts';
import { FreeStepping } from './FreeStepping.ts';
import { growInt } from './growArrays.ts';
import type { Knot } from './Knot.ts';
import { KnotTying } from './KnotTying.ts';
import { Progress } from './Progress.ts';
import { StepQueue } from './StepQueue.ts';
import { BOOKED, Timetables, NONE as TT_NONE } from './Timetables.ts';
import { WalkerFields } from './WalkerFields.ts';

/**
 * The crowd planner (docs/movement.md). Each tick it
 * 1. reads what each character is doing (its role: walking to a tile, resting, chasing, commanded, holding);
 * 2. lets every character not in a knot step freely (FreeStepping.ts): those standing decide one step each,
 *    in priority order, by PIBT (Transition.ts), nobody stepping onto a tile someone holds (its holder is asked
 *    to leave it);
 * 3. ties a knot (KnotTying.ts, Knot.ts) round a walker that has stopped getting nearer its goal (Progress.ts):
 *    the characters around it are solved together by a complete configuration search (LaCAM) and play the plan
 *    out as committed steps (StepQueue.ts), the rest keeping out of the knot's tiles until it is undone. A knot
 *    that cannot be solved in its region is tied again wider, up to the whole map.
 */

/** Grids up to this many cells give each walker an exact distance field; larger ones price along routes. */
const FIELD_MAX_CELLS = 16384;
/** A walker that got no nearer its goal for this many ticks of free stepping is in a knot. */
const STALL_TICKS = 30;
/** PIBT calls the knots' searches may make per tick, all together (deterministic work, not time). */
const KNOT_BUDGET = 4000;
/** A knot's first region reaches this far (Chebyshev) round the walker it is tied for. */
const KNOT_RADIUS = 3;
/** A knot not undone after this many ticks is untied (and tied again wider if still needed). */
const KNOT_MAX_TICKS = 600;
/** Ticks the whole crowd's knot has to find its plan for a batch handed back by the timetables. */
const BATCH_KNOT_TICKS = 40;
/**
 * Seconds the whole crowd's knot tied when the timetables' rounds stall may search unsolved, the first time; each
 * time it finds nothing so long, the next is given twice as long, so a search that needs longer still gets it in
 * the end. Meanwhile its walkers step freely (PIBT, knots round the stuck, as wanderers do) for FREED_S, then ask
 * for timetables again. Before, its members stood until it found its plan: random-64-64-20 ×809 (25 % of the
 * free tiles), crowd tool, 300 s, `--rows 3` with 8 moves, 635 walkers home by 110 s and 174 standing for the
 * rest of the run; now 723 home (`--rows 3` with 4 moves 635 → 639; `--rows 2` with 8 moves still all home,
 * at 260 s instead of 205 s).
 */
const WHOLE_KNOT_S = 10;
const FREED_S = 30;
/**
 * Seconds a walker in a knot's plan may stand away from its goal, as the plan's playout is estimated, before it
 * steps aside and back (StepAside.ts). Half the 8 s a timetable waits: played out, a knot's plan runs about
 * twice as long as its estimate (random ×200: a stand estimated at 6.5 s took 14 s).
 */
const ASIDE_STAND_S = 4;
/**
 * Seconds a walker with committed steps may stand away from its goal, unable to go on, before it shifts on its
 * feet: a step to a free neighbour and back (StepQueue.shuffle), so nobody stands frozen for over 10 s whatever
 * the plans' estimates missed.
 */
const SHUFFLE_S = 8;
/** Added to a tile's distance when someone is queued for it (a shuffle there makes them wait). */
const FAR_AWAY = 1e6;

/** What the crowd needs of the world. */
export interface CrowdHost {
  readonly grid: NavGrid;
  readonly planner: PathPlanner;
  readonly characters: readonly Character[];
  readonly tickHz: number;
  /** The chase field `c` walks down (near or far), or null with nobody to chase. */
  chaseField(c: Character): Float64Array | null;
  /** The tile chasers go for (the player's next tile), -1 none. */
  chaseTarget(): number;
  /** `c` starts its step into `cell` (free: the crowd checked). */
  startStep(c: Character, cell: number): void;
}

export class Crowd {
  readonly agents: Agents;
  readonly steps: StepQueue;
  /** PIBT calls spent by the crowd since the world began, knots tied (for tools). */
  work = 0;
  knotsTied = 0;
  private readonly host: CrowdHost;
  private readonly moves: 8 | 4;
  private readonly grid: NavGrid;
  private readonly free: FreeStepping;
  private readonly tying: KnotTying;
  /** Each character's tile: where it stands, or where its step under way ends. */
  private front = new Int32Array(16).fill(-1);
  private ticks = 0;
  /** Each walker's best distance to its goal so far, and when it last got nearer. */
  private readonly progress: Progress;
  // Knots: the live ones, which knot each character is in (0 none), each tile's slot in its knot's region
  // (-1 none), and how wide the next knot round each walker is tied.
  private knots: Knot[] = [];
  private knotOf = new Int32Array(16);
  /** The last tick each character was moving (began or was in a step). */
  private lastMoved = new Int32Array(16);
  private nextKnotId = 1;
  private readonly slot: Int32Array;
  private knotRadius = new Int32Array(16);
  /** Timetables for commanded walkers (null where the grid is too large for them). */
  private readonly timetables: Timetables | null;
  /** Each walker's exact distance field (null where the grid is too large for them). */
  private readonly fields: WalkerFields | null;
  /** Timetables' exact distances on grids without walker fields (made on first use). */
  private goalDistance: GoalDistance | null = null;
  /** The whole crowd's knot tied when the rounds stalled (while it is being solved), and its patience. */
  private stallKnot: Knot | null = null;
  private stallPatience: number;
  /** Walkers stepping freely after that knot found nothing (WHOLE_KNOT_S): for which goal, until when. */
  private freedGoal = new Int32Array(16).fill(-1);
  private freedUntil = new Int32Array(16);

  constructor(host: CrowdHost, moves: 8 | 4) {
    this.moves = moves;
    this.stallPatience = WHOLE_KNOT_S * host.tickHz;
    this.host = host;
    this.grid = host.grid;
    this.agents = new Agents(host.grid, moves);
    this.steps = new StepQueue(host.grid.size, host.grid.width);
    this.free = new FreeStepping(host.grid, this.agents, moves, host, (id) => this.timed(id));
    this.progress = new Progress(this.agents);
    this.slot = new Int32Array(host.grid.size).fill(-1);
    this.tying = new KnotTying(
      host.grid,
      moves,
      this.agents,
      host,
      this.free.transition,
      this.slot,
      host.tickHz,
    );
    this.fields =
      host.grid.size <= FIELD_MAX_CELLS ? new WalkerFields(host.grid, host, this.agents, moves) : null;
    this.timetables = Timetables.fits(host.grid)
      ? new Timetables(host.grid, moves, this.steps, host.tickHz, this.free.transition.steps)
      : null;
  }

  /** A character joined the world. */
  add(c: Character): void {
    const id = c.id;
    this.agents.grow(id);
    this.steps.grow(id);
    this.timetables?.grow(id);
    this.free.grow(id);
    this.fields?.grow(id);
    this.progress.grow(id);
    if (id >= this.front.length) {
      const n = Math.max(id + 1, this.front.length * 2);
      this.front = growInt(this.front, n, -1);
      this.knotOf = growInt(this.knotOf, n, 0);
      this.knotRadius = growInt(this.knotRadius, n, 0);
      this.lastMoved = growInt(this.lastMoved, n, 0);
      this.freedGoal = growInt(this.freedGoal, n, -1);
      this.freedUntil = growInt(this.freedUntil, n, 0);
    }
    this.front[id] = c.planCell;
  }

  /**
   * `c` leaves the map (defeated; call before it gives up its tiles): knots are untied, its timetable, committed
   * steps, route and field go. Until it is back (`away` false) the crowd treats it as absent.
   */
  remove(c: Character): void {
    this.replan();
    const id = c.id;
    this.timetables?.drop(id);
    this.steps.vanish(id, c.cell, c.moving ? c.step.toCell : c.cell);
    this.agents.clearRoute(id);
    this.agents.role[id] = ABSENT;
    this.agents.goal[id] = -1;
    this.agents.field[id] = null;
    this.fields?.release(id);
    this.front[id] = -1;
    this.free.forget(id);
  }

  /** `c`'s route to its goal (for pricing tiles beside it), `path` being the cells after `start`. */
  setRoute(c: Character, start: number, path: ArrayLike<number>): void {
    const grid = this.grid;
    this.agents.setRoute(c.id, start, path, (a, b) => {
      const w = grid.width;
      const diagonal = a % w !== b % w && Math.floor(a / w) !== Math.floor(b / w);
      return (diagonal ? Math.SQRT2 : 1) * grid.cost[b];
    });
  }

  clearRoute(c: Character): void {
    this.agents.clearRoute(c.id);
  }

  /** Drops every plan (a character was put somewhere without a step): knots are untied. */
  replan(): void {
    while (this.knots.length > 0) this.untie(0, false);
  }

  /** Whether `c` has committed steps it has not taken yet. */
  busy(c: Character): boolean {
    return this.steps.queued(c.id) > 0;
  }

  /** Where `c` will stand once its committed steps are done. */
  frontOf(c: Character): number {
    const k = this.knotOf[c.id];
    return k === 0 ? c.planCell : this.front[c.id];
  }

  /** Knots being solved now (for tools and the debug view). */
  get knotCount(): number {
    return this.knots.length;
  }

  /** One tick of planning and stepping (after the arrivals of this tick). */
  tick(): void {
    this.sync();
    this.fields?.serve();
    this.timetable();
    this.tickKnots();
    this.takeSteps();
    this.react();
    this.tieKnot();
    this.ticks++;
  }

  /**
   * Commanded walkers (no mind of their own, sent somewhere) get timetables (Timetables.ts): a batch of them
   * planned through one another in space and time. A batch that cannot be planned is solved as one knot.
   */
  private timetable(): void {
    const tt = this.timetables;
    if (tt === null) return;
    const agents = this.agents;
    for (const c of this.host.characters) {
      if (c.away) continue;
      const id = c.id;
      const wants = agents.role[id] === WALK && !c.thinks && this.knotOf[id] === 0 && !this.freed(id);
      if (!wants) {
        if (tt.state[id] !== TT_NONE) tt.drop(id);
        continue;
      }
      if (c.moving) continue;
      // One whose timetable ended short of its goal asks again.
      const short = tt.state[id] === BOOKED && c.cell !== agents.goal[id] && this.steps.queued(id) === 0;
      if (tt.state[id] !== TT_NONE && tt.goal[id] === agents.goal[id] && !short) continue;
      tt.want(
        {
          id,
          cell: c.cell,
          straight: this.host.tickHz / c.speed,
          goal: agents.goal[id],
          tilesLeft: this.tilesLeftFor(id),
          steer: this.steerFor(id, c.cell),
        },
        this.ticks,
      );
    }
    // A knot being solved pauses the timetables: a timetable made now would not know its plan.
    if (this.knots.length > 0) return;
    const unplanned = tt.tick(this.ticks);
    // Walkers shut in by one another, every timetable played out: the whole crowd is one knot, every walker
    // to its own goal (LaCAM, complete).
    // A batch that could not be planned at once is given BATCH_KNOT_TICKS: LaCAM solves crowds up to about a
    // quarter of the free tiles in under 15 ticks, denser ones not for minutes; then the batch goes on one
    // by one (the timetables' rounds) and only their leftovers come back, for good.
    if (unplanned === null) return;
    this.tie(
      unplanned[0],
      this.grid.width + this.grid.height,
      true,
      tt.handedBatch ? BATCH_KNOT_TICKS : this.stallPatience,
    );
    if (!tt.handedBatch) this.stallKnot = this.knots[this.knots.length - 1];
  }

  /** Whether `id` steps freely for now, its goal unchanged since the whole crowd's knot gave it up. */
  private freed(id: number): boolean {
    return this.freedGoal[id] === this.agents.goal[id] && this.ticks < this.freedUntil[id];
  }

  /**
   * The whole crowd's knot tied when the rounds stalled found nothing in its time: its walkers step freely for
   * FREED_S (then ask for timetables again), and the next such knot searches twice as long (WHOLE_KNOT_S).
   */
  private freeStalled(knot: Knot): void {
    const agents = this.agents;
    const until = this.ticks + FREED_S * this.host.tickHz;
    for (let m = 1; m < knot.members.length; m++) {
      const id = knot.members[m];
      if (agents.role[id] !== WALK) continue;
      this.freedGoal[id] = agents.goal[id];
      this.freedUntil[id] = until;
    }
    this.stallPatience *= 2;
  }

  /**
   * The estimate a walker's timetable search is steered by: on grids with walker fields (up to 16,384 tiles)
   * its distance as the crowd prices it (its exact field, once built); on bigger grids the planner's lower
   * bound to its goal (landmarks round a big map's lakes). There a walker has only its route corridor, which
   * knows the tiles near where it stands and beyond them overestimates more the farther along the route a tile
   * lies: a search steered by it spread round the start (lak304d ×1,000: 8,222 states a timetable of 83 tiles;
   * with the bound 2,447 of 90).
   */
  private tilesLeftFor(id: number): (cell: number) => number {
    const agents = this.agents;
    if (this.fields !== null) return (cell) => agents.dist(id, cell);
    const planner = this.host.planner;
    const goal = agents.goal[id];
    const moves = this.moves;
    return (cell) => planner.estimate(cell, goal, moves);
  }

  /**
   * What steers a walker's timetable search: on grids without walker fields its exact distance over the walls,
   * searched backwards from its goal as far as the search asks (GoalDistance, one for the crowd, aimed at each
   * walker in turn), else the same as `tilesLeftFor`.
   */
  private steerFor(id: number, start: number): (cell: number) => number {
    if (this.fields !== null) return this.tilesLeftFor(id);
    this.goalDistance ??= this.host.planner.goalDistance();
    const gd = this.goalDistance;
    const goal = this.agents.goal[id];
    const moves = this.moves;
    return (cell) => {
      gd.aim(goal, start, moves);
      return gd.distance(cell);
    };
  }

  /** Whether `id` follows a timetable (or waits for one). */
  private timed(id: number): boolean {
    const tt = this.timetables;
    if (tt === null) return false;
    if (tt.state[id] !== TT_NONE) return true;
    // One about to ask for its timetable (commanded, walking, in no knot) stands still until it has one: a
    // step now could take it onto a tile someone's timetable passes.
    return (
      this.agents.role[id] === WALK &&
      !this.host.characters[id - 1].thinks &&
      this.knotOf[id] === 0 &&
      !this.freed(id)
    );
  }

  /**
   * Knot members and timetabled walkers take their committed steps as the queue allows, in id order. One that
   * has stood SHUFFLE_S away from its goal and cannot go on yet steps to a free neighbour and back (`shuffle`).
   * (Not one waiting for its timetable or its knot's plan: shuffling those too made random ×300 slower, 15.0×
   * → 16.7× with 8 moves, and left lak304d ×1,000's longest stand as it was.)
   */
  private takeSteps(): void {
    const steps = this.steps;
    const occupant = this.grid.occupant;
    for (const c of this.host.characters) {
      const id = c.id;
      if (c.away || c.moving || steps.queued(id) === 0) continue;
      if (steps.notBefore(id) <= this.ticks && (steps.ready(id, occupant) || steps.overtake(id, occupant))) {
        this.host.startStep(c, steps.start(id));
        continue;
      }
      if (this.ticks - this.lastMoved[id] < SHUFFLE_S * this.host.tickHz) continue;
      if (c.cell === this.agents.goal[id] || this.agents.role[id] !== WALK) continue;
      const u = this.shuffleTile(c);
      if (u < 0) continue;
      steps.shuffle(id, c.cell, u);
      this.host.startStep(c, steps.start(id));
    }
  }

  /**
   * A tile `c` may shuffle to: a straight neighbour nobody stands on, outside any knot (inside its own if it
   * is in one), that `c` may step to and back; one nobody is queued for if there is one, the nearest its goal,
   * or -1.
   */
  private shuffleTile(c: Character): number {
    const grid = this.grid;
    const w = grid.width;
    const v = c.cell;
    const x = v % w;
    const y = (v - x) / w;
    let best = -1;
    let bestDist = Number.POSITIVE_INFINITY;
    let knot: Knot | null | undefined;
    for (let d = 0; d < 8; d += 2) {
      if (!grid.canStep(x, y, d) || !grid.canStep(x + DX[d], y + DY[d], (d + 4) & 7)) continue;
      const u = v + DY[d] * w + DX[d];
      if (grid.occupant[u] !== 0) continue;
      knot ??= this.knotOf[c.id] === 0 ? null : (this.knots.find((k) => k.has(c.id)) ?? null);
      // A knot's tiles are its own while it is solved, and its members shift within them (everyone else takes
      // a knot's tiles for walls and its members for standing on theirs).
      if (knot === null ? this.slot[u] >= 0 : this.slot[u] < 0 || knot.cells[this.slot[u]] !== u) continue;
      const unclaimed = this.steps.unclaimed(u);
      // A tile nobody is queued for first: the steps go ahead of those queued, who wait two steps longer.
      const dist = this.agents.dist(c.id, u) + (unclaimed ? 0 : FAR_AWAY);
      if (dist < bestDist) {
        bestDist = dist;
        best = u;
      }
    }
    return best;
  }

  /** Reads every character's role and goal. */
  private sync(): void {
    const agents = this.agents;
    const host = this.host;
    agents.chaseTarget = host.chaseTarget();
    for (const c of host.characters) {
      if (c.away) continue;
      const id = c.id;
      const role = this.roleOf(c);
      let goal = -1;
      if (role === WALK) goal = c.walk.dest;
      else if (role === STRICT) goal = routeEnd(agents, id);
      else if (role === REST) goal = c.planCell;
      agents.role[id] = role;
      agents.goal[id] = goal;
      if (this.knotOf[id] === 0) this.front[id] = c.planCell;
      if (c.moving) this.lastMoved[id] = this.ticks;
      if (agents.routeLen[id] > 0) agents.follow(id, c.planCell);
      if (role === WALK && this.fields !== null) agents.field[id] = this.fields.fieldFor(id, goal);
      else {
        this.fields?.release(id);
        agents.field[id] = role === CHASE ? host.chaseField(c) : null;
      }
    }
  }

  private roleOf(c: Character): number {
    const agents = this.agents;
    if (c.kind === 'player') {
      return agents.routeLen[c.id] > 0 && agents.routeNext(c.id, c.planCell) >= 0 ? STRICT : HOLD;
    }
    if (c.brain.state === 'attack') return HOLD;
    if (c.brain.state === 'chase') return CHASE;
    if (c.walk.dest >= 0 && (!c.thinks || c.brain.state === 'wander' || c.brain.state === 'return'))
      return WALK;
    return REST;
  }

  /**
   * Free stepping (FreeStepping.ts): those standing outside knots and timetables decide one step each and start
   * it; then each walker's progress is noted.
   */
  private react(): void {
    if (!this.free.step(this.front, this.knotOf, this.knots, this.ticks)) return;
    this.work++;
    this.progress.note(this.host.characters, this.knotOf, this.ticks);
  }

  /** Knots search, commit and step; a finished one is untied, a failed or stale one tied again wider. */
  private tickKnots(): void {
    const steps = this.steps;
    const moving = (id: number) => this.host.characters[id - 1].moving;
    const budget = this.knots.length === 0 ? 0 : Math.max(1, Math.floor(KNOT_BUDGET / this.knots.length));
    for (let k = 0; k < this.knots.length; k++) {
      const knot = this.knots[k];
      this.work += knot.tick(steps, budget, moving, this.ticks, ASIDE_STAND_S * this.host.tickHz);
      // A solved knot plays out (however long its steps take); an unsolved one gives up after a while.
      if (knot.done(steps, moving)) this.untie(k--, false);
      else if (knot.failed || (!knot.solved && this.ticks - knot.since > knot.patience)) {
        if (knot === this.stallKnot) this.freeStalled(knot);
        this.untie(k--, true);
      }
    }
  }

  private untie(k: number, wider: boolean): void {
    const knot = this.knots[k];
    this.knots.splice(k, 1);
    if (knot === this.stallKnot) this.stallKnot = null;
    knot.untie(this.slot);
    this.steps.forget(knot.members, knot.cells);
    for (let m = 1; m < knot.members.length; m++) {
      const id = knot.members[m];
      this.knotOf[id] = 0;
      this.front[id] = this.host.characters[id - 1].planCell;
      // A fresh start for its progress clock; tied again, the knot grows.
      this.progress.restart(id);
      if (!wider) this.knotRadius[id] = 0;
    }
  }

  /** Ties one knot round the walker stuck longest outside any knot, if one is stuck. */
  private tieKnot(): void {
    const agents = this.agents;
    let seed = 0;
    let worst = STALL_TICKS;
    for (const c of this.host.characters) {
      const id = c.id;
      if (agents.role[id] !== WALK || this.knotOf[id] !== 0 || c.planCell === agents.goal[id]) continue;
      // One on a timetable (or waiting for its batch's) is not stuck: it waits where its timetable says, and
      // the timetable plays out.
      if (this.timed(id)) continue;
      const stuck = this.progress.stalled(id, agents.goal[id], this.ticks);
      if (stuck > worst) {
        worst = stuck;
        seed = id;
      }
    }
    if (seed === 0) return;
    const radius = this.knotRadius[seed] === 0 ? KNOT_RADIUS : this.knotRadius[seed] * 2;
    this.tie(seed, radius);
  }

  /**
   * Ties a knot round character `seed`, its region the tiles within `radius` it reaches through free ones. A
   * knot round one walker searches for KNOT_MAX_TICKS at most; the whole crowd's for `patience`.
   */
  private tie(seed: number, radius: number, whole = false, patience = Number.POSITIVE_INFINITY): void {
    const knot = this.tying.tie(seed, radius, whole, this.knotOf, this.free.prio, this.ticks);
    knot.patience = whole ? patience : KNOT_MAX_TICKS;
    // The whole crowd's knot may take a little longer to find the plan that plays out soonest (its members
    // stand while it searches anyway; the first plan found stays the fallback, so it stays complete).
    if (whole) knot.planAgain();
    const knotId = this.nextKnotId++;
    this.knots.push(knot);
    this.knotsTied++;
    const members = knot.members;
    for (let m = 1; m < members.length; m++) {
      const id = members[m];
      this.timetables?.drop(id);
      this.knotOf[id] = knotId;
      // Where it stood when the knot was tied.
      this.front[id] = this.host.characters[id - 1].planCell;
      this.knotRadius[id] = Math.max(this.knotRadius[id], radius);
    }
  }
}

function routeEnd(agents: Agents, id: number): number {
  const n = agents.routeLen[id];
  return n > 0 ? agents.routeCells[id][n - 1] : -1;
}
