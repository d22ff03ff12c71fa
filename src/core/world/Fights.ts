import { dirOf } from '../grid/index.ts';
import { inReach } from './adjacency.ts';
import type { Character } from './Character.ts';
import { nearestFreeTile } from './spawnTiles.ts';
import type { WorldContext } from './WorldContext.ts';

/**
 * What fights do (run by `World.step`): the player strikes its target while in reach; an enemy brought to 0
 * hit points is defeated — it leaves the map (its tiles freed, its steps, plans and routes dropped) and comes
 * back after its `respawn` seconds (never for 0), with full hit points, on its home tile or the free tile
 * nearest it that lies out of the player's sight (farther than `config.sight` tiles, Chebyshev). A player at 0
 * hit points respawns at home at once (the game shows its defeat).
 */

/** Ticks between two tries to bring back an enemy that found no tile out of sight. */
const RETRY_TICKS = 20;

/** The player strikes its target while in reach; a player at 0 hit points respawns. */
export function playerFights(w: WorldContext, p: Character, t: number): void {
  if (p.hp <= 0) {
    w.respawn(p);
    return;
  }
  if (p.fight.target === 0) return;
  const foe = w.get(p.fight.target);
  if (!foe || foe.away) {
    p.fight.target = 0;
    return;
  }
  const moves = w.config.moves;
  if (foe.cell !== p.walk.goal && !p.moving) {
    // The foe moved: follow it.
    p.walk.goal = foe.cell;
    if (!inReach(w.grid, p.cell, foe.cell, moves)) w.ask(p, 'attack');
  }
  if (p.moving || !inReach(w.grid, p.cell, foe.cell, moves) || t < p.fight.nextHitTick) return;
  p.facing = dirOf(foe.x - p.x, foe.y - p.y);
  p.fight.nextHitTick = t + Math.round(w.config.playerHitEvery * w.tickHz);
  foe.hp = Math.max(0, foe.hp - w.config.playerDamage);
  w.events.push(t, 'hit', p.id, foe.x, foe.y).other = foe.id;
  if (foe.hp <= 0) {
    p.fight.target = 0;
    defeat(w, foe, t);
  }
}

/** Enemy `c` falls: a `defeat` event where it stood, then it is off the map until its time is up. */
export function defeat(w: WorldContext, c: Character, t: number): void {
  w.setState(c, 'idle');
  w.events.push(t, 'defeat', c.id, c.x, c.y);
  w.stats.defeated++;
  const grid = w.grid;
  grid.release(c.cell, c.id);
  if (c.moving) grid.release(c.step.toCell, c.id);
  w.scheduler.cancel(c.id);
  w.crowd.remove(c);
  c.step.stand(c.x, c.y, c.cell);
  c.path.clear();
  c.walk.clear();
  c.fight.target = 0;
  c.away = true;
  c.backTick = c.respawnS > 0 ? t + Math.max(1, Math.round(c.respawnS * w.tickHz)) : -1;
}

/** Brings back every enemy whose time away is up, out of the player's sight (a `respawn` event each). */
export function comeBack(w: WorldContext, t: number): void {
  for (const c of w.characters) {
    if (!c.away || c.backTick < 0 || t < c.backTick) continue;
    const at = nearestFreeTile(w.grid, w.grid.index(c.spawnX, c.spawnY), (x, y) => !inSight(w, x, y));
    if (at < 0) {
      c.backTick = t + RETRY_TICKS;
      continue;
    }
    c.away = false;
    c.backTick = -1;
    w.respawn(c, at);
  }
}

/** Whether tile (x, y) is in the player's sight: within `config.sight` tiles of it (Chebyshev). */
export function inSight(w: WorldContext, x: number, y: number): boolean {
  const p = w.player;
  if (!p) return false;
  return Math.max(Math.abs(x - p.x), Math.abs(y - p.y)) <= w.config.sight;
}
