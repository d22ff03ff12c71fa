import type { NavGrid } from '../../grid/NavGrid.ts';
import { Reservations } from './Reservations.ts';
import { SpaceTimeSearch } from './SpaceTimeSearch.ts';
import type { StepQueue } from './StepQueue.ts';

/**
 * Timetables for commanded walkers (characters with no mind of their own sent somewhere), planned together
 * by prioritised planning: each walker's timetable (SpaceTimeSearch.ts) goes round the reservations of those
 * planned before it, so the crowd flows, walkers passing one another in time rather than pushing. Walkers sent
 * together form a batch, planned nearest goal first; one that finds no timetable is moved to the front and the
 * batch is planned again (prioritised planning with restarts), up to a few times. Nobody in a batch moves
 * until the whole batch has its timetables; then every step is committed to the step queue, keyed by the tick
 * it starts, so each tile is entered in timetable order.
 *
 * When a batch cannot be planned (or would cost too much), `tick` says so: the crowd then solves the walkers
 * as one knot (a complete configuration search) instead.
 */

/** Search states expanded per tick, all walkers together (deterministic work). */
const BUDGET = 20000;
/** States one walker's search may expand. */
const PER_WALKER = 20000;
/** States a whole batch may expand, restarts included, before it is given up as too crowded. */
const PER_BATCH = 600000;
/** Times a batch is planned again with its failed walkers first. */
const RESTARTS = 4;
/**
 * Ticks a walker not planned yet holds its tile in the reservations: those planned before it may pass there
 * later (it will have left by then, or its own search fails and the batch starts again with it first).
 */
const START_HOLD = 10;

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
  /** Admissible tiles from a cell to its goal. */
  tilesLeft(cell: number): number;
}

export class Timetables {
  /** Per character id: NONE, WAITING (in a batch being planned) or BOOKED. */
  state = new Uint8Array(16);
  /** The goal each was planned for. */
  goal = new Int32Array(16).fill(-1);
  private readonly grid: NavGrid;
  private readonly steps: StepQueue;
  private readonly reservations: Reservations;
  private readonly search: SpaceTimeSearch;
  // The batch being planned: its walkers in order, how far planning got, when it began, its work so far.
  private batch: TimetableWalker[] = [];
  private waiting: TimetableWalker[] = [];
  private pos = 0;
  private t0 = 0;
  private attempt = 0;
  private spent = 0;
  private plans: ({ cells: number[]; departs: number[] } | null)[] = [];
  private boosted = new Set<number>();

  constructor(grid: NavGrid, moves: 8 | 4, steps: StepQueue) {
    this.grid = grid;
    this.steps = steps;
    this.reservations = new Reservations(grid.size);
    this.search = new SpaceTimeSearch(grid, moves, this.reservations);
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
  }

  /** `w` wants a timetable to its goal (standing where it is, from now): it joins the next batch. */
  want(w: TimetableWalker, now: number): void {
    this.drop(w.id);
    this.state[w.id] = WAITING;
    this.goal[w.id] = w.goal;
    this.reservations.add(w.id, w.cell, now, now + START_HOLD);
    this.waiting.push(w);
  }

  /** `id` no longer follows a timetable: its reservations and the steps it has not started go. */
  drop(id: number): void {
    if (this.state[id] === NONE) return;
    this.reservations.release(id);
    this.steps.forgetSteps(id);
    this.state[id] = NONE;
    this.goal[id] = -1;
  }

  /**
   * Plans within this tick's budget. Returns the walkers to solve another way when a batch could not be
   * planned (their timetables are dropped), else null.
   */
  tick(now: number): number[] | null {
    if (this.batch.length === 0) {
      if (this.waiting.length === 0) return null;
      this.begin(now);
    }
    const start = this.search.work;
    while (this.pos < this.batch.length && this.search.work - start < BUDGET) {
      const w = this.batch[this.pos];
      this.reservations.release(w.id);
      const plan = this.search.plan(
        w.id,
        w.cell,
        this.t0,
        w.goal,
        w.straight,
        (c) => w.tilesLeft(c),
        PER_WALKER,
      );
      if (plan === null) {
        this.spent += this.search.work - start;
        if (this.attempt >= RESTARTS || this.spent > PER_BATCH) return this.giveUp();
        // Plan again, this one first.
        this.boosted.add(w.id);
        this.restart();
        return null;
      }
      this.plans[this.pos] = plan;
      this.reserve(w, plan, 0);
      this.pos++;
    }
    this.spent += this.search.work - start;
    if (this.spent > PER_BATCH) return this.giveUp();
    if (this.pos < this.batch.length) return null;
    // All planned: commit every step, shifted to start now (the walkers waited while the batch was planned).
    const shift = now - this.t0;
    for (let k = 0; k < this.batch.length; k++) {
      const w = this.batch[k];
      const plan = this.plans[k]!;
      if (shift !== 0) {
        this.reservations.release(w.id);
        this.reserve(w, plan, shift);
      }
      this.commit(w, plan, shift);
      this.state[w.id] = BOOKED;
    }
    this.batch = [];
    return null;
  }

  private begin(now: number): void {
    this.batch = this.waiting;
    this.waiting = [];
    this.t0 = now;
    this.attempt = 0;
    this.spent = 0;
    this.boosted.clear();
    this.order();
  }

  /** Boosted walkers first, then nearest goal first (those are soon out of the way). */
  private order(): void {
    const boosted = this.boosted;
    // The first attempt: nearest goal first. Later ones: those that failed first, the rest in a shuffled
    // order (deterministic: a hash of the attempt and the id), since the same order would fail the same way.
    const attempt = this.attempt;
    const key = (w: TimetableWalker) => (attempt === 0 ? w.tilesLeft(w.cell) : mix(w.id * 7919 + attempt));
    this.batch.sort(
      (a, b) => (boosted.has(b.id) ? 1 : 0) - (boosted.has(a.id) ? 1 : 0) || key(a) - key(b) || a.id - b.id,
    );
    this.pos = 0;
    this.plans = new Array(this.batch.length).fill(null);
  }

  private restart(): void {
    this.attempt++;
    for (const w of this.batch) {
      this.reservations.release(w.id);
      this.reservations.add(w.id, w.cell, this.t0, this.t0 + START_HOLD);
    }
    this.order();
  }

  private giveUp(): number[] {
    const ids = this.batch.map((w) => w.id);
    for (const id of ids) this.drop(id);
    this.batch = [];
    return ids;
  }

  /** Tile k is held from the tick the step into it starts until the walker arrives on the next one. */
  private reserve(w: TimetableWalker, plan: { cells: number[]; departs: number[] }, shift: number): void {
    const res = this.reservations;
    const { cells, departs } = plan;
    const n = cells.length;
    let held = this.t0 + shift;
    for (let k = 0; k < n; k++) {
      const until =
        k + 1 < n ? Math.ceil(departs[k] + shift + this.duration(w, cells[k], cells[k + 1])) : Infinity;
      res.add(w.id, cells[k], held, until);
      if (k + 1 < n) {
        const startTick = Math.ceil(departs[k] + shift);
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

  private commit(w: TimetableWalker, plan: { cells: number[]; departs: number[] }, shift: number): void {
    const { cells, departs } = plan;
    for (let k = 0; k + 1 < cells.length; k++)
      this.steps.commit(w.id, cells[k], cells[k + 1], Math.ceil(departs[k] + shift));
  }

  private duration(w: TimetableWalker, a: number, b: number): number {
    const width = this.grid.width;
    return a % width !== b % width && Math.floor(a / width) !== Math.floor(b / width)
      ? w.straight * Math.SQRT2
      : w.straight;
  }
}

/** A 32-bit integer hash (for shuffled orders). */
function mix(x: number): number {
  let h = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}
