import type { NavGrid } from '../grid/NavGrid.ts';
import type { PathResult } from '../path/types.ts';
import type { Character } from './Character.ts';
import type { World } from './World.ts';

/**
 * Making way (MOVEMENT.md). A character asked to yield walks to the nearest free tile off the path of the one
 * it yields for (its next cells, and those of whoever that one yields for in turn), waits there until the
 * other has walked past, then goes on with its own business. While yielding it carries the requester's rank
 * (priority inheritance), so whoever stands in *its* way makes way too: a queue backs out of a corridor
 * front to back, and the highest-ranked character of a jam always gets through.
 */

/** Cells of the requester's path a yielder gets off (beyond them it may be asked again); then just its next step. */
const AHEAD = [12, 1];
/** Side tiles are looked for within these square radii, nearest first. */
const RADII = [4, 10];
const MAX_EXPANDED = 4000;
/** Requester chain depth whose tiles a yielder keeps clear of. */
const CHAIN = 4;

interface Scratch {
  mark: Uint32Array;
  gen: number;
  goals: number[];
  hard: Int32Array;
  hardCount: number;
  saved: Uint8Array;
}
const scratchOf = new WeakMap<NavGrid, Scratch>();

function scratch(grid: NavGrid): Scratch {
  let s = scratchOf.get(grid);
  if (!s) {
    s = {
      mark: new Uint32Array(grid.size),
      gen: 0,
      goals: [],
      hard: new Int32Array(2 * CHAIN),
      hardCount: 0,
      saved: new Uint8Array(2 * CHAIN),
    };
    scratchOf.set(grid, s);
  }
  return s;
}

/** Ask `b` to make way for `requester` (b inherits the requester's rank while it does). */
export function requestYield(w: World, b: Character, requester: Character): void {
  b.yieldFor = requester.id;
  b.rank = Math.min(b.id, requester.rank);
  b.yieldHoldUntil = 0;
  w.ask(b, 'yield');
}

/** Stop yielding and take up its own goal again. */
export function endYield(w: World, c: Character): void {
  c.yieldFor = 0;
  c.rank = c.id;
  c.yieldHoldUntil = 0;
  if (c.state === 'chase') {
    c.fieldVersion = -1; // read the chase field afresh
    c.path.clear();
    return;
  }
  if (c.target !== 0) w.ask(c, 'attack');
  else if (c.goal >= 0 && c.goal !== c.planCell) w.ask(c, 'goal');
  else c.path.clear();
}

/** The scheduler's search for a yielder: a path to the nearest free tile off the requesters' paths. */
export function planYield(w: World, b: Character): number {
  const r = w.get(b.yieldFor);
  if (!r || r.waitsFor !== b.id) {
    // The requester no longer waits on it (it went around, or on): nothing to make way for.
    if (b.yieldFor !== 0) endYield(w, b);
    return 0;
  }
  const grid = w.grid;
  const s = scratch(grid);
  let expanded = 0;
  // First off the requesters' next cells; failing that (a packed room), just off their next step, which
  // still lets the jam move one tile (a queue then backs up tile by tile).
  for (const ahead of AHEAD) {
    markRequesters(w, s, b, r, ahead);
    for (const radius of RADII) {
      if (!collectSideTiles(grid, s, b.planCell, radius)) continue;
      const res = findSideTile(w, s, b);
      expanded += res.expanded;
      if (res.status === 'found') {
        w.setPath(b, res.path);
        b.yieldHoldUntil = 0;
        return expanded;
      }
    }
  }
  endYield(w, b);
  b.yieldFailedAt = w.tick;
  // Nowhere to go off the requester's path (it leads into b's dead end, say): the requester makes way for
  // b instead, unless it just failed to do so itself (then both wait for the next attempt).
  if (
    r.kind !== 'player' &&
    r.state !== 'attack' &&
    w.tick - r.yieldFailedAt > w.tickHz &&
    b.waitsFor === r.id
  ) {
    requestYield(w, r, b);
  }
  return expanded;
}

/** Marks the tiles of the requester chain (hard: never walked through) and the next `ahead` cells of their paths. */
function markRequesters(w: World, s: Scratch, b: Character, r: Character, ahead: number): void {
  const gen = ++s.gen;
  s.hardCount = 0;
  let q: Character | undefined = r;
  for (let depth = 0; q && depth < CHAIN; depth++) {
    s.hard[s.hardCount++] = q.cell;
    s.hard[s.hardCount++] = q.toCell;
    s.mark[q.cell] = gen;
    s.mark[q.toCell] = gen;
    markPathAhead(w.grid, s, q, ahead);
    q = q.yieldFor !== 0 && q.yieldFor !== b.id ? w.get(q.yieldFor) : undefined;
  }
}

/** A free way to one of the side tiles; failing that, one through others (never through the requesters). */
function findSideTile(w: World, s: Scratch, b: Character): PathResult {
  const from = b.planCell;
  let res = w.planner.find({
    start: from,
    goal: s.goals,
    occupancy: { kind: 'block', self: b.id },
    maxExpanded: MAX_EXPANDED,
  });
  if (res.status === 'found') return res;
  // Through the others (they will be asked to make way in turn), never through the tiles of those it yields
  // for (that would be a swap, which reservations forbid): for this one search those tiles are walls.
  const spent = res.expanded;
  wallOff(w.grid, s, true);
  res = w.planner.find({
    start: from,
    goal: s.goals,
    occupancy: { kind: 'cost', self: b.id, extra: w.config.crowdCost },
    maxExpanded: MAX_EXPANDED,
  });
  wallOff(w.grid, s, false);
  res.expanded += spent;
  return res;
}

/** Marks the next cells of `q`'s path, and the corner tiles its diagonal steps squeeze between. */
function markPathAhead(grid: NavGrid, s: Scratch, q: Character, ahead: number): void {
  const p = q.path;
  const width = grid.width;
  const end = Math.min(p.length, p.cursor + ahead);
  let at = q.planCell;
  for (let k = p.cursor; k < end; k++) {
    const n = p.cells[k];
    s.mark[n] = s.gen;
    const dx = (n % width) - (at % width);
    const dy = (n - at - dx) / width;
    if (dx !== 0 && dy !== 0) {
      s.mark[at + dx] = s.gen;
      s.mark[at + dy * width] = s.gen;
    }
    at = n;
  }
}

/** Free walkable tiles within `radius` of `from`, off the marked cells, into `s.goals`. */
function collectSideTiles(grid: NavGrid, s: Scratch, from: number, radius: number): boolean {
  const width = grid.width;
  const fx = from % width;
  const fy = (from - fx) / width;
  const goals = s.goals;
  goals.length = 0;
  const y0 = Math.max(0, fy - radius);
  const y1 = Math.min(grid.height - 1, fy + radius);
  const x0 = Math.max(0, fx - radius);
  const x1 = Math.min(width - 1, fx + radius);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0, i = y * width + x0; x <= x1; x++, i++) {
      if (grid.walkable[i] === 1 && grid.occupant[i] === 0 && s.mark[i] !== s.gen && i !== from)
        goals.push(i);
    }
  }
  return goals.length > 0;
}

/**
 * Turns the requesters' tiles into walls (on) and back (off, in reverse order so a tile listed twice comes
 * back as it was). Only the walkable bytes and bits flip, not the grid's version: the static map has not
 * changed, and nothing but this one search sees the difference.
 */
function wallOff(grid: NavGrid, s: Scratch, on: boolean): void {
  const n = s.hardCount;
  for (let j = 0; j < n; j++) {
    const k = on ? j : n - 1 - j;
    const cell = s.hard[k];
    const x = cell % grid.width;
    const word = ((cell - x) / grid.width) * grid.rowWords + (x >>> 5);
    const bit = 1 << (x & 31);
    if (on) {
      s.saved[k] = grid.walkable[cell];
      grid.walkable[cell] = 0;
      grid.walkBits[word] &= ~bit;
    } else {
      grid.walkable[cell] = s.saved[k];
      if (s.saved[k] === 1) grid.walkBits[word] |= bit;
    }
  }
}
