import type { NavGrid } from '../../grid/index.ts';
import { DX, DY } from '../../grid/index.ts';
import { type Agents, HOLD, STRICT } from './Agents.ts';
import { Candidates } from './Candidates.ts';
import { CornerMarks } from './CornerMarks.ts';
import { Corridors } from './Corridors.ts';
import { StepBits } from './StepBits.ts';

/**
 * One step of the whole crowd at once: from a configuration (a tile per character) to the next, by PIBT,
 * Priority Inheritance with Backtracking (Okumura et al., AIJ 2022), with the "swap" of LaCAM3 (Okumura 2024)
 * for two that meet head-on where they cannot pass. Characters decide in priority order; each tries its
 * neighbouring tiles best first (nearest its goal), and one that wants a tile held by someone who has not
 * decided yet pushes them: they inherit its turn and must move elsewhere, recursively, or the push fails and
 * the next tile is tried.
 *
 * The transitions it makes obey the world's rules for the step queue (StepQueue.ts): no two characters end on
 * one tile, nobody swaps tiles with a neighbour, no ring of characters each following the next (a follower
 * waits for the tile ahead to be left, so a ring would wait forever), and a diagonal's two corner tiles are
 * empty before and after (the world's no-squeezing rule). Characters that HOLD stay; a STRICT one (the player)
 * takes only its next route tile or stays, and is never pushed since it decides first.
 */

const NONE = 0;
/** Stands in `occNow`/`occNext` for a tile held by a step under way (no character decides for it). */
const HELD = 0x7fffffff;
/** Direction index of the unit offset (dx, dy), at (dy + 1) * 3 + dx + 1. */
const DIR = [7, 0, 1, 6, -1, 2, 5, 4, 3];

export class Transition {
  /** The next tile of each character (by id), -1 while undecided. */
  to = new Int32Array(16);
  private from: Int32Array = new Int32Array(0);
  private readonly grid: NavGrid;
  private readonly agents: Agents;
  private readonly moves: 8 | 4;
  private readonly width: number;
  private readonly occNow: Int32Array;
  private readonly occNext: Int32Array;
  /** Which steps each tile allows (shared with the knots' planners, like the per-tile arrays). */
  readonly steps: StepBits;
  /** How many decided diagonals squeeze past each tile (it must stay empty). */
  private readonly touched: Int32Array;
  /** Where two that meet head-on cannot pass, and whether backing away finds room (the swap's tests). */
  private readonly corridors: Corridors;
  /** The diagonals' corners marked in `touched`. */
  private readonly corners: CornerMarks;
  /** Per character: its candidate tiles, best first. */
  private readonly cands: Candidates;
  private salt = 0;
  /** PIBT calls made: the search's unit of work. */
  work = 0;
  /** Nobody enters a tile someone stands on in the same step (a step holds both tiles until it ends). */
  noFollow = false;
  /**
   * Nobody follows one that is itself following (entering a tile someone stands on): a line stepping into one
   * another's tiles within one step goes one after another under the hold-both rule, so its length is how
   * many steps' time that one step takes. A push still makes a longer line (the pushed must move).
   */
  shortChains = false;
  /** With `noFollow`: characters on their way (1) that others should wait for rather than push; null: none. */
  busy: Uint8Array | null = null;

  /**
   * `shared`: another Transition over the same grid whose per-tile arrays this one borrows (they are clean
   * between calls; one call at a time), so a knot's own planner costs no memory per tile.
   */
  constructor(grid: NavGrid, agents: Agents, moves: 8 | 4, shared?: Transition) {
    this.grid = grid;
    this.agents = agents;
    this.moves = moves;
    this.width = grid.width;
    this.occNow = shared?.occNow ?? new Int32Array(grid.size);
    this.occNext = shared?.occNext ?? new Int32Array(grid.size);
    this.touched = shared?.touched ?? new Int32Array(grid.size);
    this.steps = shared?.steps ?? new StepBits(grid);
    this.corridors = new Corridors(grid, agents, moves, this.occNow, this.steps);
    this.corners = new CornerMarks(grid.width, this.occNow, this.occNext, this.touched);
    this.cands = new Candidates(grid, agents, moves, this.corridors, this.steps);
  }

  grow(id: number): void {
    if (id < this.to.length) return;
    const n = Math.max(id + 1, this.to.length * 2);
    const to = new Int32Array(n);
    to.set(this.to);
    this.to = to;
    this.cands.grow(n);
  }

  /**
   * Fills `to` from `from` (both by id; -1 for ids not in the world): characters whose `to` is already set
   * (constraints) keep it; the rest decide in `order`. Returns whether the result is a legal transition.
   * `salt` varies the tie-breaking (LaCAM asks for several successors of one configuration).
   */
  generate(
    from: Int32Array,
    order: Int32Array,
    count: number,
    salt: number,
    held: Int32Array | null = null,
    heldCount = 0,
  ): boolean {
    this.from = from;
    this.salt = salt;
    const to = this.to;
    const occNow = this.occNow;
    const occNext = this.occNext;
    const agents = this.agents;
    const ids = agents.count;
    // Tiles held by steps under way (the tiles they leave): nobody may enter them this step.
    for (let k = 0; k < heldCount; k++) {
      occNow[held![k]] = HELD;
      occNext[held![k]] = HELD;
    }
    for (let id = 1; id < ids; id++) {
      const c = from[id];
      if (c < 0) continue;
      occNow[c] = id;
      if (agents.role[id] === HOLD && to[id] < 0) to[id] = c;
    }
    let ok = true;
    // Constrained characters first: their tiles are taken before anyone decides.
    for (let id = 1; id < ids && ok; id++) {
      const t = to[id];
      if (t < 0 || from[id] < 0) continue;
      // (One told to stay on a held tile is what holds it.)
      if (occNext[t] !== NONE && !(occNext[t] === HELD && t === from[id])) ok = false;
      else occNext[t] = id;
    }
    for (let id = 1; id < ids && ok; id++) {
      const t = to[id];
      if (t >= 0 && from[id] >= 0 && t !== from[id] && !this.corners.mark(from[id], t)) ok = false;
    }
    for (let k = 0; k < count && ok; k++) {
      const id = order[k];
      if (to[id] < 0 && !this.pibt(id, NONE)) ok = false;
    }
    if (ok) ok = this.legal(from, ids);
    // Clean up the per-tile marks (only the tiles this call touched).
    for (let id = 1; id < ids; id++) {
      const c = from[id];
      if (c < 0) continue;
      occNow[c] = NONE;
      const t = to[id];
      if (t >= 0) occNext[t] = NONE;
      occNext[c] = NONE;
    }
    for (let k = 0; k < heldCount; k++) {
      occNow[held![k]] = NONE;
      occNext[held![k]] = NONE;
    }
    this.corners.clear();
    return ok;
  }

  /** PIBT(i): i takes a tile for the next configuration; `parent` pushed it (it may not stay). */
  private pibt(i: number, parent: number, forced = false): boolean {
    this.work++;
    const from = this.from;
    const to = this.to;
    const occNow = this.occNow;
    const occNext = this.occNext;
    const c = from[i];
    const n = this.cands.fill(i, c, parent, this.salt, this.occNow);
    const cand = this.cands.tile;
    const base = i * 9;
    let puller = NONE;
    if (n > 1 && this.agents.role[i] !== STRICT) {
      puller = this.swapPartner(i, c, cand[base]);
      if (puller !== NONE) this.cands.reverse(i, n);
    }
    for (let k = 0; k < n; k++) {
      const u = cand[base + k];
      if (u === c) {
        if (forced || occNext[c] !== NONE) continue;
        occNext[c] = i;
        to[i] = c;
        return true;
      }
      if (occNext[u] !== NONE || this.touched[u] !== 0) continue;
      const j = occNow[u];
      if (j !== NONE && this.noFollow) {
        // Its holder must leave first: ask it to (an undecided one inherits the turn), and wait a step for it.
        // One on its way is not asked (it is about to move on anyway), unless it is stuck where it stands.
        if (forced || !this.pushable(j) || to[j] >= 0 || (this.busy !== null && this.busy[j] === 1)) continue;
        if (!this.pibt(j, i, true)) continue;
        occNext[c] = i;
        to[i] = c;
        return true;
      }
      if (j === HELD) continue;
      if (j !== NONE) {
        const tj = to[j];
        if (tj >= 0) {
          // j has decided to move on: following it is fine, unless that closes a ring or is a swap.
          if (tj === c || this.closesRing(i, j)) continue;
          if (this.shortChains && this.lineBehind(j) > 0) continue;
        } else if (j === parent || !this.pushable(j)) continue;
      }
      if (!this.corners.mark(c, u)) continue;
      occNext[u] = i;
      to[i] = u;
      if (j !== NONE && to[j] < 0 && !this.pibt(j, i)) {
        // j could not get out of the way: it stays on u (it reserved it), and i tries its next tile.
        this.corners.unmark(c, u);
        to[i] = -1;
        continue;
      }
      // (Free stepping has no pull: one may not step onto a tile another is still leaving.)
      if (k === 0 && puller !== NONE && !this.noFollow) this.pull(puller, i);
      return true;
    }
    // Nowhere to go: it stays (a pusher that wanted this tile then tries its own next one).
    occNext[c] = i;
    to[i] = c;
    return false;
  }

  /** How many decided characters j follows in a line within this step (0: it steps onto a free tile). */
  private lineBehind(j: number): number {
    const to = this.to;
    const occNow = this.occNow;
    let n = 0;
    for (let x = j; n < 8; n++) {
      const t = to[x];
      if (t < 0) break;
      const y = occNow[t];
      if (y === NONE || y === HELD || y === x) break;
      x = y;
    }
    return n;
  }

  /** Whether the grid allows the step from `a` into its neighbour `b` (one-way edges included). */
  canMove(a: number, b: number): boolean {
    const w = this.width;
    const ax = a % w;
    const ay = (a - ax) / w;
    const dx = (b % w) - ax;
    const dy = (b - (b % w)) / w - ay;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return false;
    if (this.moves === 4 && dx !== 0 && dy !== 0) return false;
    return this.grid.canStep(ax, ay, DIR[(dy + 1) * 3 + dx + 1]);
  }

  private pushable(j: number): boolean {
    if (j === HELD) return false;
    const role = this.agents.role[j];
    return role !== HOLD && role !== STRICT;
  }

  /**
   * Whether i entering j's tile while j moves on would close a ring: following the chain of who enters
   * whose tile from j leads back to i.
   */
  private closesRing(i: number, j: number): boolean {
    const to = this.to;
    const from = this.from;
    let x = j;
    for (let guard = 0; guard < this.agents.count; guard++) {
      const t = to[x];
      if (t < 0 || t === from[x]) return false;
      const y = this.occNow[t];
      if (y === NONE || y === HELD) return false;
      if (y === i) return true;
      x = y;
    }
    return true;
  }

  /**
   * LaCAM3's swap: i meets `j` (on i's best tile) head-on where they cannot pass. If the corridor behind i
   * opens up, i backs away (its candidates reversed) and pulls j after it, until they reach room to pass.
   * Also the "clear" case: a neighbour k of i that must get past i's best tile. Returns the one to pull.
   */
  private swapPartner(i: number, c: number, best: number): number {
    const occNow = this.occNow;
    const j = occNow[best];
    if (
      j !== NONE &&
      j !== i &&
      this.to[j] < 0 &&
      this.pushable(j) &&
      this.corridors.required(i, j, c, best) &&
      this.corridors.possible(best, c)
    )
      return j;
    if (best === c) return NONE;
    const grid = this.grid;
    const w = this.width;
    const x = c % w;
    const y = (c - x) / w;
    const step = this.moves === 8 ? 1 : 2;
    for (let d = 0; d < 8; d += step) {
      if (!grid.canStep(x, y, d)) continue;
      const u = c + DY[d] * w + DX[d];
      const k = occNow[u];
      if (k === NONE || k === i || this.to[k] >= 0 || !this.pushable(k)) continue;
      if (best !== u && this.corridors.required(k, i, c, best) && this.corridors.possible(best, c)) return k;
    }
    return NONE;
  }

  /** `k` steps into the tile `i` leaves (the second half of a swap), when that is a legal step now. */
  private pull(k: number, i: number): void {
    const c = this.from[i];
    if (this.to[k] >= 0 || this.occNext[c] !== NONE) return;
    const from = this.from[k];
    if (!this.canMove(from, c) || this.closesRing(k, i)) return;
    if (!this.corners.mark(from, c)) return;
    this.occNext[c] = k;
    this.to[k] = c;
  }

  /** The whole transition obeys the step queue's rules (a net under the constraints LaCAM adds). */
  private legal(from: Int32Array, ids: number): boolean {
    const to = this.to;
    const occNow = this.occNow;
    for (let id = 1; id < ids; id++) {
      const c = from[id];
      if (c < 0) continue;
      const t = to[id];
      if (t < 0) return false;
      if (t === c) continue;
      const j = occNow[t];
      if (j !== NONE && to[j] === c) return false;
      if (j !== NONE && this.closesRing(id, j)) return false;
    }
    return true;
  }
}
