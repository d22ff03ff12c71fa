import type { Character } from './Character.ts';
import type { World } from './World.ts';
import { endYield, requestYield } from './Yielding.ts';

/**
 * Tile-by-tile movement with reservations (MOVEMENT.md): a character reserves the tile it steps into, holds
 * both tiles while moving, and releases the old one on arrival. When its next tile is held it waits; after a
 * short while it re-plans around; a standing-still blocker makes way, and a wait-for cycle is broken by its
 * highest-ranked member making its successor make way.
 */

/** Wait before asking for a path around a standing blocker. */
const REPLAN_AFTER_S = 0.25;
/** Wait before asking a blocker to make way (a yielder asks at once: a jam waits on it). */
const YIELD_AFTER_S = 0.5;
/** Between later attempts, while still blocked. */
const RETRY_EVERY_S = 0.5;
/** A yielder stays on its side tile at most this long (then it takes up its own goal again). */
const MAX_HOLD_S = 4;
/** Wait-for chains longer than this are queues, not cycles worth walking. */
const MAX_CHAIN = 64;

const SQRT2 = Math.SQRT2;

export function moveCharacter(w: World, c: Character, t: number): void {
  let carry = 0;
  if (c.moving) {
    c.progress += c.speed / w.tickHz / c.stepLen;
    if (c.progress < 1) return;
    carry = (c.progress - 1) * c.stepLen;
    arrive(w, c, t);
  }
  if (c.yieldFor !== 0 && c.path.remaining === 0 && !w.scheduler.isQueued(c.id)) {
    // At its side tile: stay out of the way a while, then go on with what it was doing.
    if (c.yieldHoldUntil === 0) c.yieldHoldUntil = t + MAX_HOLD_S * w.tickHz;
    else if (t >= c.yieldHoldUntil || passedBy(w, c)) endYield(w, c);
  }
  const next = nextCell(w, c);
  if (next < 0) {
    c.waitTicks = 0;
    c.waitsFor = 0;
    return;
  }
  const holder = holderOf(w, c, next);
  if (holder < 0) {
    // The tile ahead is no longer a legal step (a door shut, a wall appeared): plan again.
    c.path.clear();
    if (c.goal >= 0 || c.target !== 0) w.ask(c, c.target !== 0 ? 'attack' : 'goal');
    return;
  }
  if (holder === 0) {
    startStep(w, c, next, carry, t);
    return;
  }
  if (isChasing(c)) {
    // A chaser takes another free downhill tile if there is one: the crowd flows around itself.
    const field = w.fieldFor(c);
    const other = field.downhill(c, c.cell, true);
    if (other >= 0) {
      field.extract(c, other);
      w.replaced(c);
      startStep(w, c, other, carry, t);
      return;
    }
  }
  wait(w, c, holder);
}

function isChasing(c: Character): boolean {
  return c.state === 'chase' && c.yieldFor === 0;
}

/** The tile `c` means to step into next, or -1. Chasers read their path from the shared chase field. */
function nextCell(w: World, c: Character): number {
  if (!isChasing(c)) return c.path.next();
  const field = w.fieldFor(c);
  if (field.target >= 0 && (c.fieldVersion !== field.version || c.path.remaining === 0)) {
    c.fieldVersion = field.version;
    field.extract(c, -1);
    if (c.path.remaining === 0 && field.dist[c.cell] === Number.POSITIVE_INFINITY) field.needFull = true;
  }
  return c.path.next();
}

/**
 * Who stands in the way of `c` stepping into `next`: 0 nobody, a character id, or -1 when the step is not a
 * legal move on the grid at all. A diagonal needs both tiles it squeezes between free as well.
 */
function holderOf(w: World, c: Character, next: number): number {
  const grid = w.grid;
  const width = grid.width;
  const nx = next % width;
  const ny = (next - nx) / width;
  const dx = nx - c.x;
  const dy = ny - c.y;
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return -1;
  const d = dirIndex(dx, dy);
  if (!grid.canStep(c.x, c.y, d)) return -1;
  const occ = grid.occupant;
  const o = occ[next];
  if (o !== 0 && o !== c.id) return o;
  if (dx !== 0 && dy !== 0) {
    const a = occ[c.cell + dx];
    if (a !== 0 && a !== c.id) return a;
    const b = occ[c.cell + dy * width];
    if (b !== 0 && b !== c.id) return b;
  }
  return 0;
}

const DIR_OF = [7, 0, 1, 6, -1, 2, 5, 4, 3];
function dirIndex(dx: number, dy: number): number {
  return DIR_OF[(dy + 1) * 3 + dx + 1];
}

function startStep(w: World, c: Character, next: number, carry: number, t: number): void {
  const width = w.grid.width;
  const nx = next % width;
  const ny = (next - nx) / width;
  const d = dirIndex(nx - c.x, ny - c.y);
  w.grid.occupy(next, c.id);
  if (c.path.next() === next) c.path.cursor++;
  c.moving = true;
  c.facing = d;
  c.fromX = c.x;
  c.fromY = c.y;
  c.toX = nx;
  c.toY = ny;
  c.toCell = next;
  c.stepLen = d & 1 ? SQRT2 : 1;
  c.progress = carry / c.stepLen;
  c.waitTicks = 0;
  c.waitsFor = 0;
  w.steps++;
  w.events.push(t, 'step', c.id, c.x, c.y, nx, ny);
}

function arrive(w: World, c: Character, t: number): void {
  w.grid.release(c.cell, c.id);
  c.x = c.fromX = c.toX;
  c.y = c.fromY = c.toY;
  c.cell = c.toCell;
  c.moving = false;
  c.progress = 0;
  w.events.push(t, 'arrive', c.id, c.x, c.y);
}

function wait(w: World, c: Character, holder: number): void {
  c.waitsFor = holder;
  const n = ++c.waitTicks;
  const b = w.get(holder)!;
  if (b.moving) return; // on its way: this is a queue, it clears by itself
  const hz = w.tickHz;
  const replanAt = Math.round(REPLAN_AFTER_S * hz);
  const yieldAt = c.yieldFor !== 0 ? 1 : Math.round(YIELD_AFTER_S * hz);
  const every = Math.round(RETRY_EVERY_S * hz);
  if (
    !isChasing(c) &&
    c.yieldFor === 0 &&
    (n === replanAt || (n > replanAt && (n - replanAt) % (4 * every) === 0))
  ) {
    if (!w.scheduler.isQueued(c.id) && c.goal >= 0) w.ask(c, 'around');
  }
  if (n >= yieldAt && (n - yieldAt) % every === 0) resolve(w, c, b);
}

/** `c` stands blocked by standing `b`: decide whether someone must make way, and who. */
function resolve(w: World, c: Character, b: Character): void {
  if (b.kind === 'player' || b.state === 'attack') return; // they hold their ground; others queue or go around
  if (b.yieldFor === c.id && w.scheduler.isQueued(b.id)) return;
  if (b.waitsFor === 0 && b.path.remaining === 0) {
    // Standing with nowhere to go (idle, holding a side tile, done): it makes way for anyone.
    requestYield(w, b, c);
    return;
  }
  // Follow who waits for whom from b: a chain that ends in someone moving or not waiting is a queue;
  // one that comes back to c is a deadlock, broken by its highest-ranked member.
  let top = c;
  let x = b;
  for (let k = 0; ; k++) {
    if (k >= MAX_CHAIN || x.moving || x.waitsFor === 0) return;
    if (x.rank < top.rank || (x.rank === top.rank && x.id < top.id)) top = x;
    const nx = w.get(x.waitsFor)!;
    if (nx === c) break;
    x = nx;
  }
  if (top === c) requestYield(w, b, c);
}

/** The one `c` made way for has gone by: it is done walking, or out of the way (3 tiles off). */
function passedBy(w: World, c: Character): boolean {
  const r = w.get(c.yieldFor);
  if (!r || (!r.moving && r.path.remaining === 0)) return true;
  return Math.max(Math.abs(r.x - c.x), Math.abs(r.y - c.y)) >= 3;
}
