import { inReach } from './adjacency.ts';
import type { Character } from './Character.ts';
import { onWayOf, rank } from './Priority.ts';
import { Pusher } from './Pushing.ts';
import { arrive, dirIndex, startStep } from './Stepping.ts';
import type { World } from './World.ts';

/**
 * Tile-by-tile movement with reservations (MOVEMENT.md). Each tick: every character mid-step advances and
 * may arrive (releasing the tile it left); then, in priority order, every character standing decides: step
 * into its next tile when free, push a standing character out of the way (Pushing.ts), or wait. A character
 * about to arrive may push whoever stands on the tile after, so a pushed queue backs off at walking pace.
 */

/** Wait before asking for a path around a standing blocker, and between later attempts. */
const REPLAN_AFTER_S = 0.25;
const REPLAN_EVERY_S = 2;
/** Blocked this long, a pusher may push someone back along its own way (a side tile did not turn up). */
const RETREAT_AFTER_S = 0;
/** A pushed character keeps off its pusher's way this long at most (less when the pusher is done). */
const HOLD_ASIDE_S = 1.5;
const RESTING_RETREAT_AFTER_S = 3;

export class Mover {
  private order = new Int32Array(16);
  private count = 0;
  private keys = new Float64Array(16);
  private readonly pusher: Pusher;
  /** Who blocks the step being decided: the next tile's holder, then the corners' (a diagonal). */
  private readonly blockers = new Int32Array(3);

  constructor(w: World) {
    this.pusher = new Pusher(w.grid, this.keys);
    this.pusher.retreatAfter = Math.round(RETREAT_AFTER_S * w.tickHz);
    this.pusher.holdAside = Math.round(HOLD_ASIDE_S * w.tickHz);
    this.pusher.restingRetreatAfter = Math.round(RESTING_RETREAT_AFTER_S * w.tickHz);
  }

  /** A character joined the world (ids come in order). */
  add(c: Character): void {
    if (this.count === this.order.length) {
      const grown = new Int32Array(this.order.length * 2);
      grown.set(this.order);
      this.order = grown;
    }
    this.order[this.count++] = c.id;
    if (c.id >= this.keys.length) {
      const grown = new Float64Array(Math.max(c.id + 1, this.keys.length * 2));
      grown.set(this.keys);
      this.keys = grown;
      this.pusher.claims.keys = grown;
    }
    this.pusher.grow(c.id);
  }

  /** The priority key of character `id` this tick (lower decides first; see Priority.ts). */
  keyOf(id: number): number {
    return this.keys[id];
  }

  tick(w: World, t: number): void {
    const list = w.characters;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      c.carry = 0;
      if (!c.moving) continue;
      c.progress += c.speed / w.tickHz / c.stepLen;
      if (c.progress < 1) continue;
      c.carry = (c.progress - 1) * c.stepLen;
      arrive(w, c, t);
    }
    rank(w, this.keys, this.order, this.count, t);
    const pusher = this.pusher;
    pusher.stamp++;
    for (let k = 0; k < this.count; k++) {
      const c = w.get(this.order[k])!;
      if (pusher.isDecided(c.id)) continue;
      pusher.decided[c.id] = pusher.stamp;
      if (c.moving) this.pushAhead(w, c, t);
      else this.decide(w, c, t);
    }
  }

  private decide(w: World, c: Character, t: number): void {
    const next = nextCell(w, c);
    if (next < 0) {
      c.waitTicks = 0;
      c.waitsFor = 0;
      return;
    }
    const n = this.blockersOf(w, c, c.cell, next);
    if (n < 0) {
      // The tile ahead is no longer a legal step (a door shut, a wall appeared): plan again.
      c.path.clear();
      if (c.goal >= 0 || c.target !== 0) w.ask(c, c.target !== 0 ? 'attack' : 'goal');
      return;
    }
    const pusher = this.pusher;
    if (c.pushedBy !== 0) {
      const by = w.get(c.pushedBy);
      if (t >= c.pushedUntil || !by || (!by.moving && by.path.remaining === 0)) c.pushedBy = 0;
      else if (c.boostFor === 0 && onWayOf(by, next)) {
        c.waitsFor = 0;
        return;
      }
    }
    if (n === 0) {
      const by = pusher.claims.claimant(c, next, t);
      if (by === 0) startStep(w, c, next, c.carry, t);
      else wait(w, c, by);
      return;
    }
    if (c.state === 'chase') {
      // A chaser takes another free downhill tile if there is one: the crowd flows around itself.
      const field = w.fieldFor(c);
      const other = field.downhill(c, c.cell, true);
      if (other >= 0 && pusher.claims.claimant(c, other, t) === 0) {
        field.extract(c, other);
        w.replaced(c);
        startStep(w, c, other, c.carry, t);
        return;
      }
    }
    if (c.state !== 'chase' && this.roundCorner(w, c, next, t)) return;
    const holder = this.blockers[0];
    if (pusher.clear(w, c, next, this.blockers, n, t)) {
      c.waitsFor = holder;
      return;
    }
    // Waiting for the tiles to free: they are kept for it (from anyone of lower priority).
    pusher.claims.claim(c, next, t);
    if (this.diagonal(w, c.cell, next)) {
      pusher.claims.claim(c, c.cell + ((next % w.grid.width) - c.x), t);
      pusher.claims.claim(c, c.cell + (Math.floor(next / w.grid.width) - c.y) * w.grid.width, t);
    }
    wait(w, c, holder);
  }

  /** A character mid-step whose next tile after this one is held by someone standing pushes them now. */
  private pushAhead(w: World, c: Character, t: number): void {
    if (c.state === 'chase') return;
    const next = c.path.next();
    if (next < 0) return;
    const n = this.blockersOf(w, c, c.toCell, next);
    if (n > 0) this.pusher.clear(w, c, next, this.blockers, n, t);
  }

  /**
   * A diagonal step whose tile is free but one corner is held: walk the two straight steps through the
   * other corner instead (same tile reached, a little longer), rather than push someone off a corner.
   */
  private roundCorner(w: World, c: Character, next: number, t: number): boolean {
    const grid = w.grid;
    const width = grid.width;
    const occ = grid.occupant;
    if (!this.diagonal(w, c.cell, next) || occ[next] !== 0 || this.pusher.claims.claimant(c, next, t) !== 0)
      return false;
    const dx = (next % width) - c.x;
    const dy = Math.floor(next / width) - c.y;
    for (let k = 0; k < 2; k++) {
      const via = k === 0 ? c.cell + dx : c.cell + dy * width;
      if (occ[via] !== 0 || this.pusher.claims.claimant(c, via, t) !== 0) continue;
      if (!inReach(grid, c.cell, via) || !inReach(grid, via, next)) continue;
      c.path.unshift(via);
      w.replaced(c);
      startStep(w, c, via, c.carry, t);
      return true;
    }
    return false;
  }

  private diagonal(w: World, from: number, to: number): boolean {
    const width = w.grid.width;
    return from % width !== to % width && Math.floor(from / width) !== Math.floor(to / width);
  }

  /**
   * Who stands in the way of `c` stepping from `from` into `next`, into `this.blockers`: returns how many
   * (0: the step is free), or -1 when it is not a legal move on the grid. A diagonal needs both tiles it
   * squeezes between free as well.
   */
  private blockersOf(w: World, c: Character, from: number, next: number): number {
    const grid = w.grid;
    const width = grid.width;
    const fx = from % width;
    const fy = (from - fx) / width;
    const nx = next % width;
    const ny = (next - nx) / width;
    const dx = nx - fx;
    const dy = ny - fy;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return -1;
    if (!grid.canStep(fx, fy, dirIndex(dx, dy))) return -1;
    const occ = grid.occupant;
    const out = this.blockers;
    let n = 0;
    const o = occ[next];
    if (o !== 0 && o !== c.id) out[n++] = o;
    if (dx !== 0 && dy !== 0) {
      const a = occ[from + dx];
      if (a !== 0 && a !== c.id) out[n++] = a;
      const b = occ[from + dy * width];
      if (b !== 0 && b !== c.id && b !== a) out[n++] = b;
    }
    return n;
  }
}

/** The tile `c` means to step into next, or -1. Chasers read their path from the shared chase field. */
function nextCell(w: World, c: Character): number {
  if (c.state !== 'chase') return c.path.next();
  const field = w.fieldFor(c);
  if (field.target >= 0 && (c.fieldVersion !== field.version || c.path.remaining === 0)) {
    c.fieldVersion = field.version;
    field.extract(c, -1);
    if (c.path.remaining === 0 && field.dist[c.cell] === Number.POSITIVE_INFINITY) field.needFull = true;
  }
  return c.path.next();
}

/**
 * `c` waits on `holder`. Someone moving clears the tile within a step; someone standing that could not be
 * pushed (the player, an enemy striking, a higher priority waiting itself) may stay: after a short while
 * `c` looks for a way around (kept only when not much longer than waiting on; see Planning.ts).
 */
function wait(w: World, c: Character, holder: number): void {
  c.waitsFor = holder;
  const n = ++c.waitTicks;
  const b = w.get(holder)!;
  if (b.moving || c.state === 'chase' || c.goal < 0) return;
  const hz = w.tickHz;
  const first = Math.round(REPLAN_AFTER_S * hz);
  const every = Math.round(REPLAN_EVERY_S * hz);
  if ((n === first || (n > first && (n - first) % every === 0)) && !w.scheduler.isQueued(c.id))
    w.ask(c, 'around');
}
