import type { Character } from './Character.ts';
import type { World } from './World.ts';

/**
 * Who decides first each tick (MOVEMENT.md). A character's key orders it, lowest first:
 * - the player: -Infinity (it is commanded; it pushes, it is never pushed);
 * - a character on an errand: the tick the errand began (the longest on its way goes first, as in PIBT: its
 *   priority only drops when it gets where it was going, so everyone gets a turn), then the nearer its goal
 *   (cells left on its path; chasers aside), then its id. Among errands begun together the leader can only
 *   be overtaken by one nearer its goal still, and a push only lengthens the path of the one pushed, so
 *   the group's shortest remaining walk never grows and shrinks with every step its leader takes;
 * - a character at rest: after all of those, by id.
 * A character another stood aside for at a dead end borrows a key just above that one's, until the two
 * have passed each other (neither stands on the other's way ahead) or it gets where it was going.
 */

/**
 * Key layout: errand tick × 2^31 + cells left (capped) × 2^20 + id. Ids stay below 2^20; errands begun in
 * the first 2^21 ticks (29 hours at 20 Hz) keep keys below 2^52, exact with the halves of borrowed keys.
 */
const ID_SPAN = 2 ** 20;
const LENGTH_CAP = 2047;
const TICK_SPAN = 2 ** 31;
/** Keys of characters at rest start here (after every errand). */
const AT_REST = 2 ** 52;
/** Path cells ahead that count as "the way" of a character. */
export const WAY_AHEAD = 32;
/** A borrowed priority lapses after this long, whatever happens. */
const BOOST_MAX_S = 10;

/** Whether `c` has somewhere to be: walking, about to, waiting for a path, or chasing. */
export function onErrand(w: World, c: Character): boolean {
  return c.moving || c.path.remaining > 0 || c.state === 'chase' || w.scheduler.isQueued(c.id);
}

function baseKey(c: Character): number {
  if (c.kind === 'player') return Number.NEGATIVE_INFINITY;
  if (c.since < 0) return AT_REST + c.id;
  const left = c.state === 'chase' ? 0 : Math.min(c.path.remaining, LENGTH_CAP);
  return c.since * TICK_SPAN + left * ID_SPAN + c.id;
}

/** Whether `cell` is among the next WAY_AHEAD cells `q` will walk (or the tile it stands on or enters). */
export function onWayOf(q: Character, cell: number): boolean {
  if (cell === q.cell || cell === q.toCell) return true;
  const p = q.path;
  const end = Math.min(p.length, p.cursor + WAY_AHEAD);
  const cells = p.cells;
  for (let k = p.cursor; k < end; k++) if (cells[k] === cell) return true;
  return false;
}

/** Whether `q` would have to pass where `c` stands (c is in q's way ahead). */
export function inWayOf(c: Character, q: Character): boolean {
  return onWayOf(q, c.cell) || (c.moving && onWayOf(q, c.toCell));
}

/** `b` borrows a key just above `a`'s: a stood aside for it (b must pass a, and a can get off b's way). */
export function lend(w: World, keys: Float64Array, a: Character, b: Character, t: number): void {
  b.boostFor = a.id;
  b.boostKey = keys[a.id] - 0.5;
  b.boostUntil = t + BOOST_MAX_S * w.tickHz;
}

/**
 * Stamps errands, ends lapsed loans and fills `keys` (by id); then sorts `order` (ids) by key. Keys change
 * rarely, so the insertion sort runs over an almost sorted array: linear, and it allocates nothing.
 */
export function rank(w: World, keys: Float64Array, order: Int32Array, count: number, t: number): void {
  const list = w.characters;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    const busy = onErrand(w, c);
    if (!busy) c.since = -1;
    else if (c.since < 0) c.since = t;
    let key = baseKey(c);
    if (c.boostFor !== 0) {
      const a = w.get(c.boostFor);
      if (!busy || t > c.boostUntil || !a || (!inWayOf(a, c) && !inWayOf(c, a))) c.boostFor = 0;
      else if (c.boostKey < key) key = c.boostKey;
    }
    keys[c.id] = key;
  }
  for (let i = 1; i < count; i++) {
    const id = order[i];
    const k = keys[id];
    let j = i - 1;
    while (j >= 0 && keys[order[j]] > k) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = id;
  }
}
