import type { NavGrid } from '../../grid/index.ts';
import { BatchOrder } from './BatchOrder.ts';
import { visitGoal } from './GoalVisits.ts';
import { Reservations } from './Reservations.ts';
import { SpaceTimeSearch, stepTicks, type Timetable } from './SpaceTimeSearch.ts';
import { stepAsideInLongWaits } from './StepAside.ts';
import { StepBits } from './StepBits.ts';
import type { StepQueue } from './StepQueue.ts';

/**
 * Timetables for commanded walkers (characters with no mind of their own sent somewhere), planned by
 * prioritised planning: each walker's timetable (SpaceTimeSearch.ts) goes round the reservations of those
 * planned before it, so the crowd flows, walkers passing one another in time rather than pushing. Every
 * timetable is committed to the step queue keyed by the tick each step starts, so each tile is entered in
 * timetable order.
 *
 * Walkers sent together are first planned as one batch, all at once: nearest goal first, each one not planned
 * yet holding its tile only a little while (those planned before it may pass there later), planned again in an
 * order that learns from each failure (BatchOrder.ts), up to RESTARTS times (a big batch that is not crowded
 * learns from every walker an order overruns before it plans again: LEARN_ALL_FROM); nobody moves until all
 * have timetables.
 * A batch so planned that delays someone long is planned again with its most delayed walker first, a few
 * times, and the plan whose arrivals sum least is kept (`polish`).
 *
 * A batch too big for the whole crowd's knot (KNOT_FIELDS) is planned one by one from the start (rounds, below).
 * A big sparse batch (LEARN_ALL_FROM) whose tries run out with its last order planned to its end goes on with
 * the walkers that order planned, round those it did not, who stand where they are (`beginGoingOn`); so does a
 * crowded batch too big for the whole crowd's knot to be quick (KNOT_QUICK), once the rest of its order is
 * planned, those failing standing.
 * A batch that cannot be planned so, with nothing else under way, is handed back to be solved as the whole
 * crowd's knot (`handedBatch`; Knot.ts): LaCAM finds a plan for a crowd up to about a quarter of the free tiles
 * in a few ticks. If that knot cannot soon, or something else is under way, the batch is planned one by one
 * instead, in rounds. A walker waiting for its timetable holds its tile for as long as it waits, so every
 * timetable made meanwhile goes round it and is valid the moment it is made: it is committed at once. One that
 * finds none (shut in by others still waiting) waits and tries again next round, once those planned have made
 * room; while someone stands on its goal for good, its timetable takes it as near as it can stay, and it asks
 * again there. A round that plans nobody, with nobody new asking and every timetable played out, cannot be
 * helped by another: `tick` hands its walkers back and the crowd solves them as one knot (Knot.ts).
 */

/** Search states expanded per tick, all walkers together (deterministic work). */
const BUDGET = 20000;
/** States one walker's search may expand, */
const PER_WALKER = 20000;
/** or, for a long walk, this many per tile of it (a search round a big map's lakes expands many). */
const PER_WALKER_TILE = 400;
/** States a batch planned all at once may expand, restarts included (beyond, it goes on one by one). */
const PER_BATCH = 600000;
/**
 * Times a batch is planned again with its failed walkers first (BatchOrder), within PER_BATCH. Crowd tool on
 * rows drawn by `--rows 1` to `4` at 12 % of free tiles (random ×100, room ×81, maze ×87, warehouse ×73; 8 and 4
 * moves; 150 s): sum of arrivals 1.58× the lower bound on average with 4, 1.53× with 16 (runs over 1.5× 13 →
 * 11): the extra orders go into learning which goals shut whom in.
 */
const RESTARTS = 16;
/**
 * A batch of more walkers than this that is not crowded (CROWDED) learns from every walker an order fails
 * (overrun at its start: those planned before it passed its tile before it could leave; or shut in by goals),
 * planning the rest of the order on before it plans again, unless it can `repair` the order; and it may spend
 * up to BATCH_PASSES times its dearest order so far (as if planned to its end; later orders cost more than the
 * first, whose early walkers meet few reservations), where that is more than PER_BATCH. Among hundreds of
 * walkers on a bigger map one order fails several, each far into it: learning one an order, the batch ran out
 * of orders or of PER_BATCH and went to the whole crowd's knot, whose plan plays out slowly.
 * Crowd tool, 12 % of the free tiles, 8 and 4 moves, on seeded maps (random 64 × 64 with 20, 15 and 10 % walls
 * and 48 × 48 with 20 %, `--rows 1` and `2`, 16 runs): sum of arrivals 1.92× the lower bound on average →
 * 1.44× learning all (runs over 1.5× 5 → 4, last arrival over 2× 4 → 1, a stand over 10 s 4 → 0; 64 × 64 with
 * 20 % × 390 with 8 moves 4.61× → 2.11×, a stand of 26.2 s → 7.9 s). Going on past a shut-in too, not only an
 * overrun: a 64 × 64 maze of two-wide corridors × 324 (`--rows 1` to `3`) 3.08× → 2.30× (one batch had taken all
 * 16 orders and gone to the knot: 6.61× → 2.70×); of the other maps' 32 runs one changed, 1.41× → 1.38×.
 * Crowded batches keep stopping at the first failure (learning every one made the quarter-full rows of the
 * 32 × 32 maps 2.46× → 2.59×); smaller ones, as on the 32 × 32 maps, are planned as before.
 */
const LEARN_ALL_FROM = 128;
const BATCH_PASSES = 12;
/**
 * Once a batch is planned, it is planned again with its most delayed walker first, up to this many times while
 * its work stays within POLISH_WORK; the plan with the least sum of arrivals is kept.
 */
const POLISH = 16;
const POLISH_WORK = 300000;
/** Steps' time a walker must be delayed by for its batch to be polished. */
const POLISH_DELAY = 40;
/**
 * A batch is handed to the whole crowd's knot only if its walkers times the walkable tiles stay within this:
 * the knot prices every tile for each walker (8 bytes each, 32 MB here). lak304d's 18,059 tiles take batches of
 * up to 232; bigger ones there go on one by one.
 */
const KNOT_FIELDS = 1 << 22;
/**
 * The whole crowd's knot finds its plan within seconds only for crowds up to about this many walkers (LaCAM: a
 * configuration is a PIBT step of every walker, and the knot has 4,000 PIBT calls a tick). A crowded batch of
 * more goes on with most of its walkers rather than go to that knot (`giveUp`). random-64-64-20 ×809 (25 % of
 * its free tiles), bench:goals, 300 s: seeds 1–3 with 8 and 4 moves, 2,818 of 4,854 walkers home → 4,333 (the
 * knot found no plan in 300 s for seed 1 with 8 moves and seed 3 with both: 124, 60 and 207 home → 636, 635 and
 * 635; seed 1 with 4 moves all home either way, 5.83× → 7.46× the lower bound; seed 2 16.1× → 14.9× and 8.41× →
 * 7.39×); ×1,132 (35 %), none finishing either way: 1,198 of 6,792 → 1,965. The rounds hand such a crowd to that
 * knot after HANDOVER_BIG_S, not HANDOVER_S.
 */
const KNOT_QUICK = 400;
/**
 * A big sparse batch's first order keeps what its goals alone ask for (`staticOrder`) up to this many walkers times
 * tiles: 4 M (a search over the goals and the regions between them per walker: room-65-65-7 × 390 in about 20 ms).
 */
const EARLY_CELLS = 1 << 22;
/** Seconds a timetable must wait beside its goal for it to visit the goal meanwhile (GoalVisits.ts). */
const VISIT_WAIT_S = 8;
/** A timetable standing longer than this (s) away from its goal steps aside and back (StepAside.ts). */
const ASIDE_STAND_S = 8;
/**
 * Ticks a walker of a batch not planned yet holds its tile, for those planned before it. A search of the batch
 * that fails not shut in by goals (`learnShutIn`: those planned before passed its tile before it could leave)
 * doubles the failed walker's hold for the orders after, up to MAX_START_HOLD; in a crowded batch (CROWDED)
 * every other order doubles everyone's.
 */
const START_HOLD = 10;
/**
 * A batch whose walkers hold more than this share of the walkable tiles is crowded: there a walker not planned
 * yet is often hemmed in, and every other order (the second, the fourth, ...) holds everyone's tile as long as
 * the failures so far have doubled it. Either alone loses rows the other plans: crowd tool, rows drawn by
 * `--rows 1` to `3` and the shipped ones, 300 s, sum of arrivals over the lower bound at about a quarter of the
 * free tiles (random ×200, room ×125, maze ×113, warehouse ×150; 8 and 4 moves; 32 runs): the failed walker's
 * hold alone 3.25× on average, everyone's in every order 2.90× (the shipped room ×125 with 8 moves 2.24× →
 * 3.75×), every other order 2.54× (2.29×), stands over 10 s in 6 runs → 3 → 0; the shipped random ×200 with 8
 * moves 5.02× → 2.73× → 2.75× (grid-engine: 2.93×). At 35 %: 8.05× → 7.72× → 7.92×. At 12 % (`--rows 1` to
 * `4`) everyone's holds made it 1.53× → 1.54×, room ×81 on seed 3 with 8 moves 1.45× → 1.55×: not there.
 */
const CROWDED = 0.15;
/**
 * The most everyone's hold grows to, and half the most a failed walker's own does (it must outlast the holds of
 * those hemming it in, or it fails again the same way: warehouse ×150 with 8 moves, one walker failed every
 * other order so, and the batch went to the whole crowd's knot, 4.04× the lower bound; allowed twice as long,
 * 2.38×; crowd tool on `--rows 1` to `3` and the shipped rows, 300 s: a quarter of the free tiles 2.54× → 2.45×
 * on average, 35 % 7.92× → 7.59×, 12 % unchanged). A hold is a time, not "until it leaves", and those planned
 * before it may plan to wait it out, so it must stay short: doubled without bound for everyone, a batch of
 * random ×200 was planned with walkers waiting up to 512 s for such holds.
 */
const MAX_START_HOLD = 80;
/**
 * Ticks with no committed step started or finished, while a round plans nobody, after which the timetables
 * still queued are taken as stuck (see `tick`).
 */
const STALL = 60;
/**
 * Seconds a walker shut in may wait for its timetable before the rounds hand everyone over to the whole crowd's
 * knot, timetables under way included. Crowd tool, 300 s, sum of arrivals over the lower bound: random ×300
 * 16.3× → 13.4× (8 moves) and 11.3× → 10.5× (4), room ×230 12.2× → 10.1× and 9.6× → 8.8×, room ×188 9.8× →
 * 7.4× and 8.1× → 6.8×, warehouse ×210 (4) 11.4× → 7.9×, warehouse ×300 (4) 20.2× → 16.0×; warehouse ×300 (8)
 * 16.5× → 17.6×. Rows whose batches are planned or solved at once are unchanged.
 */
const HANDOVER_S = 8;
/**
 * The same for a crowd of over KNOT_QUICK walkers, whose whole knot makes everyone stand longer while it searches.
 * They waited until the rounds truly stalled (as long as 110 s) before the knot's search freed stuck walkers' ways
 * first and gave up after 10 s. random-64-64-20 ×809 (25 %), crowd tool, 300 s, `--rows 1` to `3`, 8 and 4 moves:
 * 4,598 of 4,854 home → 4,805, five rows of six all home, in 94–136 s instead of 130–261 s (`--rows 1` with 8
 * moves sum 13.1× → 8.6× the lower bound; `--rows 3` with 4 moves 639 → 809; with 8 moves 723 → 760). Handed
 * over after 8 s, all six rows got everyone home, but more slowly (sums 6.5–18.5×), and `--rows 1` with 8 moves
 * had 67 home at 30 s, where crowds.test.ts asks for over a quarter: everyone stood while the knot searched.
 */
const HANDOVER_BIG_S = 30;

export const NONE = 0;
export const WAITING = 1;
export const BOOKED = 2;

export interface TimetableWalker {
  readonly id: number;
  /** Where it stands. */
  readonly cell: number;
  /** Ticks a straight step takes. */
  readonly straight: number;
  readonly goal: number;
  /** Admissible tiles from a cell to its goal (cheap: it orders walkers and sizes their searches). */
  tilesLeft(cell: number): number;
  /** Admissible tiles from a cell to its goal, as exact as can be: it steers the walker's search. */
  steer(cell: number): number;
}

export class Timetables {
  /** Per character id: NONE, WAITING (for its timetable) or BOOKED. */
  state = new Uint8Array(16);
  /** The goal each was planned for. */
  goal = new Int32Array(16).fill(-1);
  private readonly grid: NavGrid;
  private readonly tickHz: number;
  private readonly moves: 8 | 4;
  private readonly steps: StepQueue;
  private readonly reservations: Reservations;
  private readonly search: SpaceTimeSearch;
  /** Which steps each tile allows (the crowd's, shared with the search). */
  private readonly stepBits: StepBits;
  /** This round's walkers in planning order, how far it got, and whether it planned anyone yet. */
  private round: TimetableWalker[] = [];
  private pos = 0;
  private plannedThisRound = false;
  /** Walkers for the next round: newcomers, and this round's that found no timetable. */
  private next: TimetableWalker[] = [];
  private failed: TimetableWalker[] = [];
  /** Walkable tiles of the grid, as of grid version `walkableFor`. */
  private walkable = 0;
  private walkableFor = -1;
  // The batch being planned all at once: its walkers in order, how far planning got, when it began, the
  // attempt, its work so far, the timetables found, those put first. Walkers a batch gave up on
  // (`streamed`, by id, with the goal) are planned one by one from then on, until sent elsewhere.
  private batch: TimetableWalker[] = [];
  /** The batch's planning order, and each walker's index in it (by id). */
  private batchOrder: BatchOrder | null = null;
  private batchIndex = new Map<number, number>();
  private batchAll: TimetableWalker[] = [];
  /** Ticks a walker of the batch that failed holds its tile while not planned yet (others: `startHold`). */
  private holds = new Map<number, number>();
  /**
   * Searches of this batch that failed not shut in by goals; in a crowded batch (over CROWDED of the walkable
   * tiles) each doubles everyone's hold in every other order (`startHold`).
   */
  private overrun = 0;
  private crowded = false;
  private bpos = 0;
  /** Whether this order failed a walker it went on past (`learnsAll`). */
  private orderFailed = false;
  /** The dearest order of the batch so far, as if planned to its end (-1: none yet), and when this one began. */
  private orderCost = -1;
  private orderFrom = 0;
  private t0 = 0;
  private attempt = 0;
  /** The last order that failed, as `failedAlike` writes it ('' for none yet). */
  private lastFailed = '';
  private spent = 0;
  private plans: (Timetable | null)[] = [];
  private boosted = new Set<number>();
  /**
   * Polishing a planned batch: the best order and plans so far, their sum of arrivals, the walkers tried first
   * (by id) and the tries made.
   */
  private best: { order: TimetableWalker[]; plans: Timetable[]; sum: number } | null = null;
  private triedFirst = new Set<number>();
  private polished = 0;
  /** Whether the batch plans the rest of its order, those who fail standing where they are (`giveUp`). */
  private completing = false;
  /**
   * Going on with most of a batch that cannot be planned all at once (`beginGoingOn`): whether it does, the tiles
   * where those without a timetable stand, how far this pass got, and whether it planned anyone again.
   */
  private goingOn = false;
  private readonly standing = new Set<number>();
  private goOnPos = 0;
  private goOnChanged = false;
  private streamed = new Int32Array(16).fill(-1);
  private handBack: number[] | null = null;
  /** Whether the walkers `tick` handed back last were a batch that could not be planned at once. */
  handedBatch = false;
  /** Counts changes to the reservations (a timetable made, or one dropped), and when each walker last failed. */
  private version = 0;
  private failedAt = new Map<number, number>();
  /** When each walker waiting for a timetable asked for it. */
  private wantedAt = new Map<number, number>();
  /** Scratch for a goal's free intervals. */
  private readonly goalGaps = new Float64Array(512);
  /** The step queue's count of moves when last seen, and the tick it last changed. */
  private movesSeen = -1;
  private movedAt = 0;

  /** `stepBits`: the crowd's record of which steps each tile allows (its own when not given). */
  constructor(grid: NavGrid, moves: 8 | 4, steps: StepQueue, tickHz = 20, stepBits?: StepBits) {
    this.grid = grid;
    this.tickHz = tickHz;
    this.moves = moves;
    this.steps = steps;
    this.reservations = new Reservations(grid.size);
    this.stepBits = stepBits ?? new StepBits(grid);
    this.search = new SpaceTimeSearch(grid, moves, this.reservations, this.stepBits);
  }

  /** Whether timetables serve this grid (their search keeps state per tile). */
  static fits(grid: NavGrid): boolean {
    return SpaceTimeSearch.fits(grid);
  }

  grow(id: number): void {
    if (id < this.state.length) return;
    const n = Math.max(id + 1, this.state.length * 2);
    const s = new Uint8Array(n);
    s.set(this.state);
    this.state = s;
    const g = new Int32Array(n).fill(-1);
    g.set(this.goal);
    this.goal = g;
    const st = new Int32Array(n).fill(-1);
    st.set(this.streamed);
    this.streamed = st;
  }

  /** `w` wants a timetable to its goal (standing where it is, from now): it holds its tile until it has one. */
  want(w: TimetableWalker, now: number): void {
    this.drop(w.id);
    this.state[w.id] = WAITING;
    this.wantedAt.set(w.id, now);
    this.goal[w.id] = w.goal;
    this.reservations.add(w.id, w.cell, now, Number.POSITIVE_INFINITY);
    this.next.push(w);
  }

  /** `id` no longer follows a timetable: its reservations and the steps it has not started go. */
  drop(id: number): void {
    if (this.state[id] === NONE) return;
    this.version++;
    this.failedAt.delete(id);
    this.wantedAt.delete(id);
    this.reservations.release(id);
    this.steps.forgetSteps(id);
    this.state[id] = NONE;
    this.goal[id] = -1;
  }

  /**
   * Plans within this tick's budget. Returns the walkers to solve another way when a whole round planned
   * nobody (their timetables are dropped), else null.
   */
  tick(now: number): number[] | null {
    const start = this.search.work;
    // Every search from here on starts at `now`, or at the batch's start while one is being planned.
    this.reservations.forgetBefore(this.batch.length > 0 ? this.t0 : now);
    for (;;) {
      if (this.batch.length > 0) {
        if (this.planBatch(now, start)) continue;
        const ids = this.handBack;
        this.handBack = null;
        if (ids !== null) return ids;
        break;
      }
      if (this.pos === this.round.length) {
        if (
          this.round.length > 0 &&
          !this.plannedThisRound &&
          this.failed.length > 0 &&
          this.next.length === 0
        ) {
          // A round that planned nobody, and nobody new asks: the next would plan nobody either (nothing
          // changed but the clock).
          // Its walkers are handed back once every timetable under way has played out (so that whatever
          // solves them never shares a tile's queue with a timetable). Unless the timetables under way stand
          // still: none has started or finished a step for STALL ticks. Each waits then for a tile someone
          // waiting holds (a walker shut in, holding its tile till it has a timetable), or for one another;
          // the waiting ones cannot be planned, so nothing would ever move. Those timetables are dropped and
          // their walkers handed back too: the whole crowd's knot (complete) takes them all. So they are, too,
          // once one left waiting has stood HANDOVER_S since it asked: it is shut in by others still waiting,
          // and the whole crowd's knot plans everyone from where they stand rather than leave it standing
          // until the last timetable has played out (random ×300 with 8 moves: 135 walkers stood 35 s so).
          const stalled = this.stalled(now) || this.waitedLong(now);
          if (this.underWay() && !stalled) break;
          this.handedBatch = false;
          const ids = this.failed.filter((w) => this.waits(w)).map((w) => w.id);
          if (stalled) ids.push(...this.stuckBooked());
          this.failed = [];
          this.round = [];
          this.pos = 0;
          for (const id of ids) this.drop(id);
          if (ids.length > 0) return ids;
        }
        // Walkers newly sent are first planned all together, as one batch.
        const fresh = this.next.filter((w) => this.waits(w) && this.streamed[w.id] !== w.goal);
        if (fresh.length > 0) {
          this.next = this.next.filter((w) => !fresh.includes(w));
          this.beginBatch(fresh, now);
          // A batch too big for the whole crowd's knot goes one by one from the start: those planned first
          // set off at once rather than wait for the last, and none waits on a knot that cannot help it.
          if (!this.knotFits(fresh.length)) this.abandonBatch(now);
          continue;
        }
        if (!this.nextRound()) break;
      }
      if (this.search.work - start >= BUDGET) break;
      const w = this.round[this.pos++];
      // Dropped meanwhile (a knot took it, or it was sent elsewhere).
      if (!this.waits(w)) continue;
      // Failed, and no reservation has changed since: it would fail again (it could only wait longer first).
      if (this.failedAt.get(w.id) === this.version) {
        this.failed.push(w);
        continue;
      }
      this.reservations.release(w.id);
      const plan = this.search.plan(
        w.id,
        w.cell,
        now,
        w.goal,
        w.straight,
        (c) => w.steer(c),
        Math.max(PER_WALKER, PER_WALKER_TILE * w.tilesLeft(w.cell)),
        this.reservations.heldForGood(w.goal, w.id),
      );
      // While someone stands on its goal for good (waiting, or ending there short of its own), a timetable
      // takes the walker as near as it can stay; it asks again when it gets there.
      if (plan === null) {
        // It waits where it stands, and tries again next round.
        this.reservations.add(w.id, w.cell, now, Number.POSITIVE_INFINITY);
        this.failed.push(w);
        this.failedAt.set(w.id, this.version);
        continue;
      }
      this.failedAt.delete(w.id);
      this.plannedThisRound = true;
      this.breakLongWaits(w, plan, now);
      this.reserve(w, plan, now);
      this.commit(w, plan);
      this.state[w.id] = BOOKED;
    }
    return null;
  }

  /** Whether no committed step has started or finished for STALL ticks. */
  private stalled(now: number): boolean {
    // A walker waiting for the tick of its next step is the plan, not a stall.
    if (this.steps.moves !== this.movesSeen || this.waitsForItsTick(now)) {
      this.movesSeen = this.steps.moves;
      this.movedAt = now;
    }
    return now - this.movedAt >= STALL;
  }

  /** Whether some walker's next timetabled step is due after `now`. */
  private waitsForItsTick(now: number): boolean {
    for (let id = 1; id < this.state.length; id++)
      if (this.state[id] === BOOKED && this.steps.queued(id) > 0 && this.steps.notBefore(id) > now)
        return true;
    return false;
  }

  /** Whether a walker this round failed has waited HANDOVER_S since it asked for its timetable. */
  private waitedLong(now: number): boolean {
    const limit = (this.timetabled() > KNOT_QUICK ? HANDOVER_BIG_S : HANDOVER_S) * this.tickHz;
    // Not where the whole crowd's knot is too big: it would stand everyone still (lak304d ×1,000, planned one by
    // one: 3 shut in at 19 s, 811 timetables dropped, 188 arrived in 300 s). The round after will plan them.
    if (!this.knotFits(this.timetabled())) return false;
    return this.failed.some((w) => this.waits(w) && now - (this.wantedAt.get(w.id) ?? now) >= limit);
  }

  /** Whether the whole crowd's knot may take `walkers` walkers (it prices every walkable tile for each). */
  private knotFits(walkers: number): boolean {
    return walkers * this.walkableCount() <= KNOT_FIELDS;
  }

  /** The grid's walkable tiles (counted again when its walls change). */
  private walkableCount(): number {
    if (this.walkableFor !== this.grid.version) {
      this.walkable = walkableTiles(this.grid);
      this.walkableFor = this.grid.version;
    }
    return this.walkable;
  }

  /** How many walkers wait for or follow a timetable. */
  private timetabled(): number {
    let n = 0;
    for (let id = 1; id < this.state.length; id++) if (this.state[id] !== NONE) n++;
    return n;
  }

  /** Booked walkers with timetabled steps they have not started. */
  private stuckBooked(): number[] {
    const ids: number[] = [];
    for (let id = 1; id < this.state.length; id++)
      if (this.state[id] === BOOKED && this.steps.queued(id) > 0) ids.push(id);
    return ids;
  }

  /** Whether some walker has timetabled steps it has not started. */
  private underWay(): boolean {
    for (let id = 1; id < this.state.length; id++)
      if (this.state[id] === BOOKED && this.steps.queued(id) > 0) return true;
    return false;
  }

  /**
   * A batch of walkers newly sent is planned all at once first (prioritised planning with restarts): each
   * not planned yet holds its tile only a little while, so those planned before it may pass there later (it
   * will have left by then, or its own search fails and the batch is planned again with it first). Nobody in
   * the batch moves until all have timetables; then every step is committed, shifted to start now. A batch
   * that cannot be planned so goes on one by one (rounds).
   */
  private beginBatch(list: TimetableWalker[], now: number): void {
    this.batch = list;
    this.batchAll = list.slice();
    this.holds.clear();
    this.overrun = 0;
    this.crowded = list.length > CROWDED * this.walkableCount();
    this.batchIndex = new Map(list.map((w, i) => [w.id, i]));
    // Built when the first order fails (most batches are planned in their first).
    this.batchOrder = null;
    this.t0 = now;
    this.attempt = 0;
    this.lastFailed = '';
    this.spent = 0;
    this.orderCost = -1;
    this.boosted.clear();
    this.best = null;
    this.triedFirst.clear();
    this.polished = 0;
    this.goingOn = false;
    this.completing = false;
    this.orderBatch();
  }

  /** Plans the batch on within the tick's budget; false when the budget is spent or the batch handed back. */
  private planBatch(now: number, start: number): boolean {
    if (this.goingOn) return this.goOn(now, start);
    while (this.bpos < this.batch.length) {
      if (this.search.work - start >= BUDGET) return false;
      const w = this.batch[this.bpos];
      if (!this.waits(w)) {
        // Dropped meanwhile: plan the others without it.
        this.batch.splice(this.bpos, 1);
        this.plans.splice(this.bpos, 1);
        continue;
      }
      const plan = this.planInBatch(w);
      if (plan === null && this.best !== null) {
        // A polishing order failed: the best plan found stands.
        this.plans[this.bpos] = null;
        this.bpos = this.batch.length;
        break;
      }
      if (plan === null && this.completing) {
        // The batch goes on with most (`giveUp`): this walker stands where it is, and the order goes on.
        this.standFor(this.bpos++);
        continue;
      }
      if (plan === null) {
        const shut = this.shutIn(w);
        if (this.learnsAll()) {
          // Those that overran it (or whose goals shut it in) are planned again after it, if all can be
          // (`repair`); those goals' walkers go after it from now on.
          if (this.repair(w, shut)) {
            if (shut !== null) this.learnFrom(w, shut);
            this.bpos++;
            continue;
          }
          // Else it is learnt, and the order goes on, the walker holding its tile as if not planned.
          this.learnFrom(w, shut);
          this.boosted.add(w.id);
          this.orderFailed = true;
          this.reservations.add(w.id, w.cell, this.t0, this.t0 + this.startHold(w.id));
          this.plans[this.bpos++] = null;
          continue;
        }
        if (this.outOfTries()) return this.giveUp(now);
        // Plan again, this one first, and after those whose goals shut it in.
        this.learnFrom(w, shut);
        this.boosted.add(w.id);
        this.attempt++;
        this.orderBatch();
        continue;
      }
      this.breakLongWaits(w, plan, this.t0);
      this.plans[this.bpos++] = plan;
      this.reserve(w, plan, this.t0);
    }
    if (this.completing) {
      this.completing = false;
      this.beginGoingOn();
      return true;
    }
    if (this.orderFailed) {
      if (this.outOfTries()) return this.giveUp(now);
      this.attempt++;
      this.orderBatch();
      return true;
    }
    if (this.polish()) return true;
    const best = this.best!;
    this.batch = best.order;
    this.plans = best.plans;
    this.best = null;
    // All planned: commit every step, shifted to start now (the walkers waited while the batch was planned).
    const shift = now - this.t0;
    for (let k = 0; k < this.batch.length; k++) {
      const w = this.batch[k];
      const plan = this.plans[k]!;
      // Dropped while the batch was polished.
      if (!this.waits(w)) continue;
      this.setOff(w, plan, now, shift, shift !== 0 || this.polished > 0);
    }
    this.batch = [];
    this.plannedThisRound = true;
    return true;
  }

  /**
   * The batch cannot be planned at once. With nothing else under way, the whole crowd's knot may solve it at once
   * (LaCAM, a few ticks up to a quarter of the free tiles); if it cannot soon, its walkers go on one by one
   * (false: the batch is handed back). Else they go on one by one now.
   */
  private giveUp(now: number): boolean {
    if (this.learnsAll() && this.bpos === this.batch.length) {
      this.beginGoingOn();
      return true;
    }
    if (this.batch.length > KNOT_QUICK) {
      // Its order stopped at the walker that failed: that one stands, and the rest of the order is planned.
      this.completing = true;
      this.standFor(this.bpos++);
      return true;
    }
    return this.handOver(now);
  }

  /**
   * The batch goes on one by one: with nothing else under way, it is handed to the whole crowd's knot (false), if
   * that may take it; else its walkers go to the rounds now.
   */
  private handOver(now: number): boolean {
    if (!this.underWay() && this.knotFits(this.batch.length)) {
      this.handBack = this.batch.map((x) => x.id);
      for (const w of this.batch) {
        this.drop(w.id);
        this.streamed[w.id] = w.goal;
      }
      this.batch = [];
      this.handedBatch = true;
      return false;
    }
    this.abandonBatch(now);
    return true;
  }

  /**
   * The batch cannot be planned all at once, but its last order went to its end, all but a few planned: those
   * left without a timetable stand where they are for good, and whoever's timetable passes where one stands is
   * planned again round it (to its goal, else as near as it can stay), or stands for good too, until no timetable
   * passes where anyone stands (`goOn`, within each tick's budget). Then everyone with a timetable sets off and
   * the others are planned one by one. Before, the whole batch went to the whole crowd's knot, whose plan plays
   * out slowly in a maze: a 64 × 64 maze of two-wide corridors ×321 (12 % of its free tiles, `crowd --rows 1` to
   * `9`, 8 and 4 moves, 150 s) got 5,338 of 5,778 walkers home, now 5,745 (seed 7 with 8 moves 119 → 321: its
   * last orders failed two walkers each, and going on planned 50 timetables again). Going on sooner, once an
   * order fails at most 1 % of the batch, made three of four such runs worse (300 s: 2.77× → 4.06× the lower
   * bound): the orders' lessons are worth the wait.
   */
  private beginGoingOn(): void {
    this.goingOn = true;
    this.standing.clear();
    this.goOnPos = 0;
    this.goOnChanged = false;
    for (let k = 0; k < this.batch.length; k++)
      if (this.plans[k] === null && this.waits(this.batch[k])) this.standFor(k);
  }

  /** Walker k of the batch stands on its tile for good while the batch goes on without it. */
  private standFor(k: number): void {
    const w = this.batch[k];
    this.reservations.release(w.id);
    this.reservations.add(w.id, w.cell, this.t0, Number.POSITIVE_INFINITY);
    this.plans[k] = null;
    this.standing.add(w.cell);
  }

  /** Plans again, within the tick's budget, the timetables that pass where someone stands (`beginGoingOn`). */
  private goOn(now: number, start: number): boolean {
    const { batch, plans } = this;
    for (;;) {
      if (this.goOnPos === batch.length) {
        if (this.goOnChanged) {
          this.goOnPos = 0;
          this.goOnChanged = false;
          continue;
        }
        return this.setOffWithMost(now);
      }
      if (this.search.work - start >= BUDGET) return false;
      const k = this.goOnPos++;
      const w = batch[k];
      const plan = plans[k];
      if (plan === null || !this.waits(w) || !crosses(plan, this.standing, this.grid.width)) continue;
      this.goOnChanged = true;
      const again = this.planInBatch(w) ?? this.planInBatch(w, true);
      if (again === null) {
        this.standFor(k);
        continue;
      }
      this.breakLongWaits(w, again, this.t0);
      this.reserve(w, again, this.t0);
      plans[k] = again;
    }
  }

  /** Everyone of the batch with a timetable sets off now; the others wait for theirs, planned one by one. */
  private setOffWithMost(now: number): boolean {
    const { batch, plans } = this;
    this.goingOn = false;
    if (!batch.some((w, k) => plans[k] !== null && this.waits(w))) return this.handOver(now);
    const shift = now - this.t0;
    for (let k = 0; k < batch.length; k++) {
      const w = batch[k];
      const plan = plans[k];
      if (!this.waits(w)) continue;
      if (plan === null) {
        // It asks afresh: its wait before the rounds hand everyone to the whole crowd's knot (HANDOVER_S)
        // counts from now, not from the batch's start, or the first round would undo everyone's timetables.
        this.reservations.release(w.id);
        this.reservations.add(w.id, w.cell, now, Number.POSITIVE_INFINITY);
        this.streamed[w.id] = w.goal;
        this.wantedAt.set(w.id, now);
        this.next.push(w);
        continue;
      }
      this.setOff(w, plan, now, shift, true);
    }
    this.batch = [];
    this.plannedThisRound = true;
    return true;
  }

  /**
   * `w` of the batch sets off on its timetable, planned from the batch's start: shifted `shift` ticks to start
   * now, and reserved again where `again` (its reservations are those it was planned with otherwise).
   */
  private setOff(w: TimetableWalker, plan: Timetable, now: number, shift: number, again: boolean): void {
    if (again) {
      for (let j = 0; j < plan.departs.length; j++) plan.departs[j] += shift;
      this.reservations.release(w.id);
      this.reserve(w, plan, now);
    }
    this.commit(w, plan);
    this.state[w.id] = BOOKED;
  }

  /**
   * `w`, at `bpos`, found no timetable because of walkers planned before it in this order: overrun at its start
   * (`shut` null: they pass its tile after its hold), or shut in by goals (`shut`: their walkers, on them for
   * good). Their timetables are dropped, `w` is planned, and they are planned again after it, around everyone
   * planned so far (so every timetable still goes round every other). True when all of them got one; else the
   * old timetables are put back and false. Crowd tool, 12 % of the free tiles on the seeded bigger maps of
   * LEARN_ALL_FROM (16 runs): sum of arrivals 1.44× → 1.36× the lower bound on average repairing overruns (the
   * last walker's first step 3.2 → 2.8 s on average: fewer orders) → 1.32× repairing shut-ins too; on held-out
   * rows (`--rows 3` and `4`, with a 65 × 65 map of rooms and an 80 × 40 warehouse) 1.62× → 1.50×. Crowded
   * batches go without (overruns repaired, the quarter-full rows of the 32 × 32 maps went 2.46× → 2.40×, the 35 %
   * ones 7.60× → 8.10×), and so do small ones (on the 32 × 32 maps at 12 %, rows 1–6, both repairs: the maze's
   * sum 1.99× → 1.88× on average, the rooms' 1.51× → 1.56× and their last arrival 1.80× → 1.96×).
   */
  private repair(w: TimetableWalker, shut: number[] | null): boolean {
    const ids: number[] = [];
    if (shut === null) this.reservations.holdersAfter(w.cell, this.t0 + this.startHold(w.id), w.id, ids);
    else
      for (const c of shut) {
        const i = this.batchOrder!.goalHolder(c);
        if (i >= 0) ids.push(this.batchAll[i].id);
      }
    // Those planned before it in this order (and still waiting: one dropped meanwhile keeps no reservations).
    const at = new Map<number, number>();
    for (let k = 0; k < this.bpos; k++)
      if (this.plans[k] !== null && this.waits(this.batch[k])) at.set(this.batch[k].id, k);
    const over = ids
      .filter((id) => at.has(id))
      .map((id) => at.get(id)!)
      .sort((a, b) => a - b);
    if (over.length === 0) return false;
    const old = over.map((k) => this.plans[k]!);
    for (const k of over) {
      const o = this.batch[k];
      this.reservations.release(o.id);
      this.reservations.add(o.id, o.cell, this.t0, this.t0 + this.startHold(o.id));
    }
    const fresh: Timetable[] = [];
    for (const x of [w, ...over.map((k) => this.batch[k])]) {
      const plan = this.planInBatch(x);
      if (plan === null) {
        // Back as they were: the old timetables, and w holding its tile as if not planned.
        for (const k of over) this.reservations.release(this.batch[k].id);
        this.reservations.release(w.id);
        for (let q = 0; q < over.length; q++) this.reserve(this.batch[over[q]], old[q], this.t0);
        this.reservations.add(w.id, w.cell, this.t0, this.t0 + this.startHold(w.id));
        return false;
      }
      this.breakLongWaits(x, plan, this.t0);
      this.reserve(x, plan, this.t0);
      fresh.push(plan);
    }
    this.plans[this.bpos] = fresh[0];
    for (let q = 0; q < over.length; q++) this.plans[over[q]] = fresh[q + 1];
    return true;
  }

  /** `w`'s timetable from the batch's start, round everyone else's reservations (its own dropped); counted. */
  private planInBatch(w: TimetableWalker, partial = false): Timetable | null {
    this.reservations.release(w.id);
    const before = this.search.work;
    const plan = this.search.plan(
      w.id,
      w.cell,
      this.t0,
      w.goal,
      w.straight,
      (c) => w.steer(c),
      Math.max(PER_WALKER, PER_WALKER_TILE * w.tilesLeft(w.cell)),
      partial,
    );
    this.spent += this.search.work - before;
    return plan;
  }

  /** Whether the batch learns from every walker an order overruns (LEARN_ALL_FROM). */
  private learnsAll(): boolean {
    return !this.crowded && this.batchAll.length > LEARN_ALL_FROM;
  }

  /** States the batch may spend: PER_BATCH, or BATCH_PASSES times its dearest order where it learns all. */
  private batchBudget(): number {
    if (!this.learnsAll() || this.orderCost < 0) return PER_BATCH;
    return Math.max(PER_BATCH, BATCH_PASSES * this.orderCost);
  }

  /**
   * Whether the order that just failed was the one before it again: the same walkers in the same order with
   * the same holds, failing where it did for the same work. It then learnt nothing the one before had not, so
   * the next would be the same again: the batch stops trying, as when its tries run out. A generated 64 × 64
   * maze of two-wide corridors ×321 (12 % of its free tiles, `crowd --rows 7`, 8 moves) planned orders 12 to 16
   * as one order, 698,249 states and 21–22 ticks each with everyone standing, before the whole crowd's knot took
   * the batch; stopping at the second alike, the last first step came at 19.25 s instead of 22.55 and 119 of
   * 321 were home in 150 s instead of 117 (`--rows 4`: 13.95 s instead of 21.55, 146 home instead of 136).
   */
  private failedAlike(): boolean {
    let holds = '';
    for (const [id, hold] of this.holds) holds += `${id}:${hold},`;
    // (The count of overruns sets the holds of a crowded batch only.)
    const overrun = this.crowded ? this.overrun : 0;
    const order = `${this.batch.map((w) => w.id).join(',')}|${holds}|${overrun}|${this.bpos}|${this.spent - this.orderFrom}`;
    const alike = order === this.lastFailed;
    this.lastFailed = order;
    return alike;
  }

  /**
   * An order just failed: notes what it cost, and whether the batch stops trying (its tries or its states spent,
   * or the order was the one before it again).
   */
  private outOfTries(): boolean {
    this.costOfOrder();
    return this.attempt >= RESTARTS || this.spent > this.batchBudget() || this.failedAlike();
  }

  /** Notes what this order cost, as if planned to its end (it ended at `bpos`). */
  private costOfOrder(): void {
    const cost = ((this.spent - this.orderFrom) * this.batch.length) / Math.max(1, this.bpos);
    if (cost > this.orderCost) this.orderCost = cost;
  }

  /**
   * Called when every walker of the batch has a timetable (unless a polishing order failed): keeps the plans if
   * their sum of arrivals is the least so far, and starts planning the best order again with its most delayed
   * walker (not tried first before) moved first, while tries and work remain. Prioritised planning delays a
   * walker most when those planned before it pass its goal late, so it waits beside it; planned before them,
   * they go round it. False when polishing is over.
   */
  private polish(): boolean {
    if (this.bpos === this.batch.length && this.plans.every((p) => p !== null)) {
      let sum = 0;
      for (let k = 0; k < this.plans.length; k++) sum += this.arrival(this.batch[k], this.plans[k]!);
      if (this.best === null || sum < this.best.sum)
        this.best = { order: this.batch.slice(), plans: this.plans as Timetable[], sum };
    }
    const best = this.best!;
    if (this.polished >= POLISH || this.spent > POLISH_WORK || best.order.length === 0) return false;
    let first = -1;
    let most = POLISH_DELAY * best.order[0].straight;
    for (let k = 0; k < best.order.length; k++) {
      const w = best.order[k];
      if (this.triedFirst.has(w.id)) continue;
      const delay = this.arrival(w, best.plans[k]) - this.t0 - w.straight * w.tilesLeft(w.cell);
      if (delay > most) {
        most = delay;
        first = k;
      }
    }
    if (first <= 0) return false;
    this.triedFirst.add(best.order[first].id);
    this.polished++;
    const order = best.order.slice();
    const [w] = order.splice(first, 1);
    order.unshift(w);
    this.batch = order;
    for (const x of order) {
      this.reservations.release(x.id);
      this.reservations.add(x.id, x.cell, this.t0, this.t0 + this.startHold(x.id));
    }
    this.bpos = 0;
    this.plans = new Array(order.length).fill(null);
    return true;
  }

  /**
   * A timetable that would wait long breaks the wait: beside its goal it steps onto the goal while that is free
   * (GoalVisits.ts); elsewhere it steps aside and back (StepAside.ts).
   */
  private breakLongWaits(w: TimetableWalker, plan: Timetable, from: number): void {
    const { grid, reservations, goalGaps, tickHz } = this;
    if (plan.cells[plan.cells.length - 1] === w.goal)
      visitGoal(
        plan,
        from,
        w.id,
        w.straight,
        grid,
        reservations,
        goalGaps,
        VISIT_WAIT_S * tickHz,
        this.moves,
      );
    stepAsideInLongWaits(plan, from, w.id, w.straight, grid, reservations, goalGaps, ASIDE_STAND_S * tickHz);
  }

  /** The tick a timetable reaches its goal. */
  private arrival(w: TimetableWalker, plan: Timetable): number {
    const { cells, departs } = plan;
    const n = cells.length;
    if (n < 2) return this.t0;
    return departs[n - 2] + this.duration(w, cells[n - 2], cells[n - 1]);
  }

  /**
   * The batch's order for this attempt: nearest goal first (those are soon out of the way) until an order fails,
   * then BatchOrder's (after those that must pass their goals first, those that failed first, then nearest); each
   * holds its tile meanwhile.
   */
  private orderBatch(): void {
    for (const w of this.batch) {
      this.reservations.release(w.id);
      this.reservations.add(w.id, w.cell, this.t0, this.t0 + this.startHold(w.id));
    }
    if (this.attempt === 0) this.batchOrder = this.staticOrder();
    const order = this.batchOrder;
    if (order === null) {
      this.batch.sort((a, b) => a.tilesLeft(a.cell) - b.tilesLeft(b.cell) || a.id - b.id);
    } else {
      // Each attempt learns from the last (BatchOrder): those that failed go first where they may, and after
      // the walkers whose goals shut them in.
      const first = new Set<number>();
      for (const id of this.boosted) first.add(this.batchIndex.get(id)!);
      const left = new Set(this.batch);
      this.batch = order
        .order(first)
        .map((i) => this.batchAll[i])
        .filter((w) => left.has(w));
    }
    this.bpos = 0;
    this.orderFailed = false;
    this.orderFrom = this.spent;
    this.plans = new Array(this.batch.length).fill(null);
  }

  /**
   * For a big batch that is not crowded (`learnsAll`), the order its goals alone ask for (BatchOrder: each walker
   * before those whose goals would shut it off from its own), when every such need can be met; else null, and the
   * first order is nearest goal first. On a map of rooms a goal in a door shuts in everyone who must pass it; the
   * first order, nearest first, learnt that walker by walker, each failure a repair or another order with
   * everyone waiting. Where the needs contradict one another (a maze of two-wide corridors, goals in both lanes
   * of corridors walkers must cross both ways) the order is a guess, and nearest first did better (see
   * docs/movement.md). Up to EARLY_CELLS walkers times tiles.
   */
  private staticOrder(): BatchOrder | null {
    const n = this.batchAll.length;
    if (!this.learnsAll() || !this.knotFits(n) || n * this.grid.size > EARLY_CELLS) return null;
    const order = new BatchOrder(this.grid, this.moves, this.batchAll, 'regions', this.stepBits);
    order.order();
    return order.broken === 0 ? order : null;
  }

  /** Ticks walker `id` of the batch holds its tile while not planned yet (START_HOLD, or more after failures). */
  private startHold(id: number): number {
    return (
      this.holds.get(id) ??
      (this.crowded && this.attempt % 2 === 1
        ? Math.min(MAX_START_HOLD, START_HOLD * 2 ** Math.min(this.overrun, 16))
        : START_HOLD)
    );
  }

  /** The goals already held for good that shut `w` off from its own (BatchOrder), or null: none do. */
  private shutIn(w: TimetableWalker): number[] | null {
    this.batchOrder ??= new BatchOrder(this.grid, this.moves, this.batchAll);
    return this.batchOrder.shutBy(w.cell, w.goal, (c) => this.reservations.heldForGood(c, w.id));
  }

  /**
   * `w` found no timetable in the batch: when goals already held for good shut it off from its own (`shut`),
   * those goals' walkers are planned after it from now on (BatchOrder).
   */
  private learnFrom(w: TimetableWalker, shut: number[] | null): void {
    const order = this.batchOrder!;
    if (shut === null) {
      // Not shut in by goals: those planned before it passed its tile before it could leave, or filled the
      // ways out; planned again, it holds its tile twice as long (in a crowded batch, every other order, everyone
      // does).
      this.holds.set(w.id, Math.min(2 * MAX_START_HOLD, 2 * this.startHold(w.id)));
      this.overrun++;
      return;
    }
    const j = this.batchIndex.get(w.id)!;
    for (const c of shut) {
      const i = order.goalHolder(c);
      if (i >= 0) order.mustPass(j, i);
    }
  }

  /** The batch cannot be planned all at once: its walkers hold their tiles and are planned one by one. */
  private abandonBatch(now: number): void {
    for (const w of this.batch) {
      this.reservations.release(w.id);
      this.reservations.add(w.id, w.cell, now, Number.POSITIVE_INFINITY);
      this.streamed[w.id] = w.goal;
      this.next.push(w);
    }
    this.batch = [];
  }

  private waits(w: TimetableWalker): boolean {
    return this.state[w.id] === WAITING && this.goal[w.id] === w.goal;
  }

  /** Starts the next round: those that failed and the newcomers, nearest goal first. False when none wait. */
  private nextRound(): boolean {
    const list = [...this.failed, ...this.next].filter((w) => this.waits(w));
    this.failed = [];
    this.next = [];
    list.sort((a, b) => a.tilesLeft(a.cell) - b.tilesLeft(b.cell) || a.id - b.id);
    this.round = list;
    this.pos = 0;
    this.plannedThisRound = false;
    return list.length > 0;
  }

  /** Tile k is held from the tick the step into it starts until the walker arrives on the next one. */
  private reserve(w: TimetableWalker, plan: Timetable, from: number): void {
    this.version++;
    const res = this.reservations;
    const { cells, departs } = plan;
    const n = cells.length;
    let held = from;
    for (let k = 0; k < n; k++) {
      const until = k + 1 < n ? Math.ceil(departs[k] + this.duration(w, cells[k], cells[k + 1])) : Infinity;
      res.add(w.id, cells[k], held, until);
      if (k + 1 < n) {
        const startTick = Math.ceil(departs[k]);
        const a = cells[k];
        const b = cells[k + 1];
        const w0 = this.grid.width;
        if (a % w0 !== b % w0 && Math.floor(a / w0) !== Math.floor(b / w0)) {
          // The corners must be free as the diagonal starts.
          res.add(w.id, a + ((b % w0) - (a % w0)), startTick, startTick + 1);
          res.add(w.id, b - ((b % w0) - (a % w0)), startTick, startTick + 1);
        }
        held = startTick;
      }
    }
  }

  /**
   * Every step goes to the queue keyed by its tick, and may not start before that tick. A walker early on its
   * timetable would hold tiles before its reservations say: a timetable made meanwhile could then take someone
   * through such a tile ahead of it, queued before the visit already under way, and the two would wait for each
   * other for ever (lak304d ×750 with 4 moves, planned one by one, stood still so at 312 arrived). Late is safe:
   * whatever is planned later is queued after it. (Kept to the clock, a walker still waits on the tile's queue
   * as before; random ×300, 8 moves, sum of arrivals over the lower bound 13.4× → 15.0×, and none stands still.)
   */
  private commit(w: TimetableWalker, plan: Timetable): void {
    const { cells, departs } = plan;
    for (let k = 0; k + 1 < cells.length; k++) {
      const tick = Math.ceil(departs[k]);
      this.steps.commit(w.id, cells[k], cells[k + 1], tick, tick);
    }
  }

  private duration(w: TimetableWalker, a: number, b: number): number {
    return stepTicks(this.grid.width, w.straight, a, b);
  }
}

/** Whether a timetable enters (or cuts the corner of) one of the tiles `standing`, its start aside. */
function crosses(plan: Timetable, standing: Set<number>, width: number): boolean {
  const { cells } = plan;
  for (let j = 1; j < cells.length; j++) {
    if (standing.has(cells[j])) return true;
    const a = cells[j - 1];
    const b = cells[j];
    const dx = (b % width) - (a % width);
    if (dx !== 0 && b - a !== dx && (standing.has(a + dx) || standing.has(b - dx))) return true;
  }
  return false;
}

/** How many tiles of the grid can be walked on. */
function walkableTiles(grid: NavGrid): number {
  let n = 0;
  const walkable = grid.walkable;
  for (let i = 0; i < walkable.length; i++) n += walkable[i];
  return n;
}
