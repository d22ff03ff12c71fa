import { inReach } from './adjacency.ts';
import type { Character } from './Character.ts';
import { leavesBy } from './Exits.ts';
import type { WorldContext } from './WorldContext.ts';

/**
 * The two moments of a step (docs/movement.md): `startStep` reserves the tile entered (the character then holds
 * both), `arrive` releases the tile left. Nothing else changes who holds a tile, but a respawn.
 */

const DIR_OF = [7, 0, 1, 6, -1, 2, 5, 4, 3];

/** Direction 0..7 of the unit step (dx, dy), -1 for none. */
export function dirIndex(dx: number, dy: number): number {
  return DIR_OF[(dy + 1) * 3 + dx + 1];
}

/** `c` reserves `next` (a free neighbour, checked by the caller) and starts into it, `carry` tiles along. */
export function startStep(w: WorldContext, c: Character, next: number, carry: number, t: number): void {
  const width = w.grid.width;
  const nx = next % width;
  const ny = (next - nx) / width;
  const d = dirIndex(nx - c.x, ny - c.y);
  w.grid.occupy(next, c.id);
  followPath(w, c, next);
  c.step.moving = true;
  c.facing = d;
  c.step.fromX = c.x;
  c.step.fromY = c.y;
  c.step.toX = nx;
  c.step.toY = ny;
  c.step.toCell = next;
  c.step.len = d & 1 ? Math.SQRT2 : 1;
  c.step.progress = carry / c.step.len;
  c.step.carry = 0;
  c.step.startTick = t;
  w.stats.steps++;
  w.events.push(t, 'step', c.id, c.x, c.y, nx, ny);
}

/**
 * Keeps the path `c` shows the path it walks: a step onto its next cell (or a few cells on, a shortcut) moves
 * along it; a step elsewhere (made way for someone) becomes a detour: that tile, back to where it stood when
 * it cannot go on from there, then the rest of its way. A `replan` event says the shown path changed.
 */
function followPath(w: WorldContext, c: Character, next: number): void {
  const p = c.path;
  if (p.remaining === 0) return;
  const end = Math.min(p.length, p.cursor + 3);
  for (let k = p.cursor; k < end; k++) {
    if (p.cells[k] !== next) continue;
    if (k > p.cursor) w.replaced(c);
    p.cursor = k + 1;
    return;
  }
  if (!inReach(w.grid, next, p.next())) p.unshift(c.cell);
  p.unshift(next);
  p.cursor++;
  w.replaced(c);
}

/** `c` has arrived: it releases the tile it left. */
export function arrive(w: WorldContext, c: Character, t: number): void {
  w.grid.release(c.cell, c.id);
  const step = c.step;
  c.standOn(step.toX, step.toY, step.toCell);
  w.events.push(t, 'arrive', c.id, c.x, c.y);
  if (c.kind === 'player') leavesBy(w, c, t);
}
