import { DX, DY } from '../grid/directions.ts';
import type { NavGrid } from '../grid/NavGrid.ts';
import { inReach } from './adjacency.ts';
import type { Character } from './Character.ts';
import { Claims } from './Claims.ts';
import { inWayOf, lend, WAY_AHEAD } from './Priority.ts';
import { startStep } from './Stepping.ts';
import type { World } from './World.ts';

/**
 * Making way by pushing (MOVEMENT.md): priority inheritance with backtracking (PIBT, Okumura et al.) on
 * asynchronous tile steps. A character that decides may push a standing character that has not decided
 * yet this tick out of its way; the pushed one steps to a neighbouring tile, pushing in turn whoever stands
 * there (it inherits the pusher's turn), trying its tiles one after another until a chain ends on a free
 * tile (then everyone in it moves up as the tile ahead frees) or every option fails (then nobody moves).
 * Characters mid-step are fixed obstacles; each character decides at most once a tick, so a tick's work
 * stays linear in the crowd.
 *
 * Before pushing, the pusher looks whether the one it pushes can get off its way at all (a free tile off
 * its next cells, reachable without passing it). At a dead end it cannot: being pushed would only squeeze
 * it deeper. If it wants to pass the pusher and the pusher can get off *its* way, the pusher stands aside:
 * it lends the other a priority just above its own, so next tick that one pushes it back to where it can
 * step aside (PIBT alone deadlocks on such trees).
 */

/** Pushes chain at most this deep in one tick (a longer queue moves up over the next ticks). */
const MAX_DEPTH = 48;
/** Tiles an escape search looks at. */
const ESCAPE_MAX = 320;
/** Tile scores: off the pusher's way first, free before taken, then the pushed one's own preference. */
const ON_WAY = 100;
const TAKEN = 4;
const INTO_TARGET = 50;
const BESIDE_WAY = 1;

export class Pusher {
  /** Ids of the characters that decided this tick: `decided[id] === stamp`. */
  decided = new Uint32Array(64);
  stamp = 0;
  private readonly grid: NavGrid;
  /** Cells of the root pusher's way (== wayGen) and cells seen by an escape search (== seenGen). */
  private readonly way: Uint32Array;
  private wayGen = 0;
  private readonly seen: Uint32Array;
  private seenGen = 0;
  private readonly queue: Int32Array;
  /** Tiles kept for characters waiting on them (Claims.ts). */
  readonly claims: Claims;
  /** The character whose decision started the pushes under way. */
  private root: Character | null = null;
  /** The tile the root wants. */
  private target = -1;
  /** Per recursion depth: 8 candidate cells and their scores. */
  private readonly candCell = new Int32Array(MAX_DEPTH * 8);
  private readonly candScore = new Float64Array(MAX_DEPTH * 8);

  /** Ticks a pusher waits before it may push someone back along its own way. */
  retreatAfter = 0;
  /** The same for one at rest (on its goal): pushed back along the way, it would be pushed all along it. */
  restingRetreatAfter = 32;
  /** Ticks a pushed character keeps off its pusher's way. */
  holdAside = 30;
  constructor(grid: NavGrid, keys: Float64Array) {
    this.grid = grid;
    this.claims = new Claims(grid, keys);
    this.way = new Uint32Array(grid.size);
    this.seen = new Uint32Array(grid.size);
    this.queue = new Int32Array(ESCAPE_MAX + 8);
  }

  grow(id: number): void {
    if (id < this.decided.length) return;
    const grown = new Uint32Array(Math.max(id + 1, this.decided.length * 2));
    grown.set(this.decided);
    this.decided = grown;
  }

  isDecided(id: number): boolean {
    return this.decided[id] === this.stamp;
  }

  /**
   * `a` (standing on `from`, or about to arrive there) wants `next`, held by `blockers` (its next tile
   * first, then diagonal corners), all standing and undecided. Pushes them if it may; returns whether anyone
   * moved (a then waits for the tiles to free). Returns false when it may not, or lent its turn instead.
   */
  clear(w: World, a: Character, next: number, blockers: Int32Array, count: number, t: number): boolean {
    for (let k = 0; k < count; k++) {
      const b = w.get(blockers[k])!;
      if (b.moving || this.isDecided(b.id) || !pushable(b, a)) return false;
    }
    const b = w.get(blockers[0])!;
    // The player is never stood aside for: whoever is in its way is pushed, dead end or not.
    if (
      a.kind !== 'player' &&
      a.boostFor !== b.id &&
      wantsPast(b, a) &&
      !this.canEscape(w, b, b.cell, a) &&
      this.canEscape(w, a, a.cell, b)
    ) {
      lend(w, this.claims.keys, a, b, t);
      return false;
    }
    this.root = a;
    this.target = next;
    this.markWay(a);
    this.claims.claim(a, next, t);
    for (let k = 1; k < count; k++) this.claims.claim(a, w.get(blockers[k])!.cell, t);
    let moved = false;
    for (let k = 0; k < count; k++) {
      if (!this.push(w, w.get(blockers[k])!, 0, t)) return moved;
      moved = true;
    }
    return moved;
  }

  /** PIBT(b): b leaves its tile for one of its neighbours, or the call fails and nobody moved. */
  private push(w: World, b: Character, depth: number, t: number): boolean {
    this.decided[b.id] = this.stamp;
    const grid = this.grid;
    const occ = grid.occupant;
    const width = grid.width;
    const x = b.x;
    const y = b.y;
    const base = depth * 8;
    let n = 0;
    for (let d = 0; d < 8; d++) {
      if (!grid.canStep(x, y, d)) continue;
      const u = b.cell + DY[d] * width + DX[d];
      // One pushed off a corner of the root's diagonal may take the root's tile itself (the root then
      // pushes it on from there, and the corner stays claimed): often the only way off the corner.
      const intoTarget = depth === 0 && u === this.target;
      if (!intoTarget && this.claims.heldFor(this.root!, u, t)) continue;
      const o = occ[u];
      if (o !== 0) {
        if (depth + 1 >= MAX_DEPTH) continue;
        const ob = w.get(o)!;
        if (ob.moving || this.isDecided(o) || !pushable(ob, b)) continue;
      }
      if (d & 1) {
        // A diagonal squeezes between two tiles: both must be free (nobody is pushed off a corner).
        const ca = occ[b.cell + DY[(d + 7) & 7] * width + DX[(d + 7) & 7]];
        const cb = occ[b.cell + DY[(d + 1) & 7] * width + DX[(d + 1) & 7]];
        if ((ca !== 0 && ca !== b.id) || (cb !== 0 && cb !== b.id)) continue;
      }
      let score = preference(w, b, u) + (d & 1 ? 0.01 : 0);
      if (intoTarget) score += INTO_TARGET;
      else if (this.way[u] === this.wayGen) {
        // Back along the pusher's way only when nothing else turned up for a moment (a side tile often
        // frees within a few ticks, and a long retreat costs far more), and only where that leads
        // somewhere off it (not into a dead end).
        const root = this.root!;
        const after = b.path.remaining > 0 ? this.retreatAfter : this.restingRetreatAfter;
        if (b.retreatFor !== root.id && root.waitTicks < after) continue;
        if (!this.canEscape(w, b, u, root)) continue;
        score += ON_WAY;
      }
      if (o !== 0) score += TAKEN;
      // Beside the pusher's way it would be in the way of those following it: a little farther is better.
      const way = this.way;
      const gen = this.wayGen;
      if (way[u - 1] === gen || way[u + 1] === gen || way[u - width] === gen || way[u + width] === gen)
        score += BESIDE_WAY;
      this.candCell[base + n] = u;
      this.candScore[base + n] = score;
      n++;
    }
    // Best first (at most 8: a selection sort in place).
    for (let i = 0; i < n; i++) {
      let best = i;
      for (let j = i + 1; j < n; j++) if (this.candScore[base + j] < this.candScore[base + best]) best = j;
      const u = this.candCell[base + best];
      this.candCell[base + best] = this.candCell[base + i];
      this.candScore[base + best] = this.candScore[base + i];
      this.candCell[base + i] = u;
      const o = occ[u];
      if (o === 0) {
        const back = this.way[u] === this.wayGen;
        stepAside(w, b, u, t);
        if (back) b.retreatFor = this.root!.id;
        // Pushed off its way, it keeps off it a moment (rather than step straight back in front of it).
        b.pushedBy = this.root!.id;
        b.pushedUntil = t + this.holdAside;
        return true;
      }
      const ob = w.get(o)!;
      if (!ob.moving && !this.isDecided(o) && this.push(w, ob, depth + 1, t)) {
        b.waitsFor = o;
        return true;
      }
    }
    return false;
  }

  private markWay(a: Character): void {
    const gen = ++this.wayGen;
    const way = this.way;
    way[a.cell] = gen;
    way[a.toCell] = gen;
    const p = a.path;
    const end = Math.min(p.length, p.cursor + WAY_AHEAD);
    for (let k = p.cursor; k < end; k++) way[p.cells[k]] = gen;
  }

  /**
   * Whether `x`, from `from`, can get off `of`'s way: a free tile off of's next cells, reachable without passing of's
   * tiles (others standing in between are pushed along; only the player and attackers hold their ground).
   */
  canEscape(w: World, x: Character, from: number, of: Character): boolean {
    this.markWay(of);
    const grid = this.grid;
    const width = grid.width;
    const occ = grid.occupant;
    const seen = this.seen;
    const gen = ++this.seenGen;
    const way = this.way;
    const wayGen = this.wayGen;
    const q = this.queue;
    let head = 0;
    let tail = 0;
    q[tail++] = from;
    seen[from] = gen;
    seen[x.cell] = gen;
    seen[of.cell] = gen;
    seen[of.toCell] = gen;
    while (head < tail) {
      const v = q[head++];
      const vx = v % width;
      const vy = (v - vx) / width;
      for (let d = 0; d < 8; d++) {
        if (!grid.canStep(vx, vy, d)) continue;
        const u = v + DY[d] * width + DX[d];
        if (seen[u] === gen) continue;
        seen[u] = gen;
        const o = occ[u];
        if (o === 0 && way[u] !== wayGen) return true;
        if (o !== 0 && o !== x.id) {
          const ou = w.get(o)!;
          if (!ou.moving && !pushable(ou, x)) continue;
        }
        if (tail < ESCAPE_MAX) q[tail++] = u;
      }
    }
    return false;
  }
}

/**
 * Whether `by` may push `b`: never the player (commanded), never an enemy striking (it holds its ground),
 * and chasers do not push chasers (they all descend one field, so they only ever queue).
 */
export function pushable(b: Character, by: Character): boolean {
  if (b.kind === 'player' || b.state === 'attack') return false;
  return !(b.state === 'chase' && by.state === 'chase');
}

/** Whether `b` is on its way somewhere past where `a` stands. */
function wantsPast(b: Character, a: Character): boolean {
  return b.waitsFor === a.id || (b.path.remaining > 0 && inWayOf(a, b));
}

/** How much `b` dislikes stepping to `u` (lower is better): nearer its goal, or its own next tile. */
function preference(w: World, b: Character, u: number): number {
  if (b.state === 'chase') {
    const field = w.fieldFor(b);
    const here = field.dist[b.cell];
    const there = field.dist[u];
    if (here === Number.POSITIVE_INFINITY || there === Number.POSITIVE_INFINITY) return 0;
    return there - here;
  }
  const p = b.path;
  if (p.remaining === 0) return 0;
  if (p.next() === u) return -2;
  const g = p.end();
  return octile(w.grid, u, g) - octile(w.grid, b.cell, g);
}

function octile(grid: NavGrid, a: number, b: number): number {
  const w = grid.width;
  const dx = Math.abs((a % w) - (b % w));
  const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
  return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
}

/**
 * `b` is pushed onto `u`. Its path becomes the detour: `u`, back to where it stood when it cannot go on
 * from `u` directly, then the rest of its way (a chaser simply reads its field again from `u`). A walker
 * standing on its goal comes back to it; an enemy at rest stays where it was pushed.
 */
function stepAside(w: World, b: Character, u: number, t: number): void {
  const p = b.path;
  if (b.state === 'chase') {
    p.clear();
    p.push(u);
    b.fieldVersion = -1;
    w.replaced(b);
  } else if (p.remaining > 0) {
    if (p.next() !== u) {
      if (!inReach(w.grid, u, p.next())) p.unshift(b.cell);
      p.unshift(u);
      w.replaced(b);
    }
  } else {
    p.clear();
    p.push(u);
    if (b.goal === b.cell && !b.thinks) p.push(b.cell);
    w.replaced(b);
  }
  startStep(w, b, u, b.carry, t);
}
