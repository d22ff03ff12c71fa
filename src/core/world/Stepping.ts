import type { Character } from './Character.ts';
import type { World } from './World.ts';

/**
 * The two moments of a step (MOVEMENT.md): `startStep` reserves the tile entered (the character then holds
 * both), `arrive` releases the tile left. Nothing else changes who holds a tile, but a respawn.
 */

const DIR_OF = [7, 0, 1, 6, -1, 2, 5, 4, 3];

/** Direction 0..7 of the unit step (dx, dy), -1 for none. */
export function dirIndex(dx: number, dy: number): number {
  return DIR_OF[(dy + 1) * 3 + dx + 1];
}

/** `c` reserves `next` (a free neighbour, checked by the caller) and starts into it, `carry` tiles along. */
export function startStep(w: World, c: Character, next: number, carry: number, t: number): void {
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
  c.stepLen = d & 1 ? Math.SQRT2 : 1;
  c.progress = carry / c.stepLen;
  c.carry = 0;
  c.waitTicks = 0;
  c.waitsFor = 0;
  c.retreatFor = 0;
  w.steps++;
  w.events.push(t, 'step', c.id, c.x, c.y, nx, ny);
}

/** `c` has arrived: it releases the tile it left. */
export function arrive(w: World, c: Character, t: number): void {
  w.grid.release(c.cell, c.id);
  c.x = c.fromX = c.toX;
  c.y = c.fromY = c.toY;
  c.cell = c.toCell;
  c.moving = false;
  c.progress = 0;
  w.events.push(t, 'arrive', c.id, c.x, c.y);
}
