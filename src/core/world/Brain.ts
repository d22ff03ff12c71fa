import { dirOf } from '../grid/index.ts';
import { inReach } from './adjacency.ts';
import type { Character } from './Character.ts';
import { lineOfSight } from './sight.ts';
import type { WorldContext } from './WorldContext.ts';

/** Seconds a wanderer or a returner stands without a step before it gives up its walk. */
const GIVE_UP_S = 4;

/**
 * An enemy's small brain, run once per tick after movement:
 *
 *   idle ──(a seeded while)──► wander ──(arrived)──► idle
 *   idle / wander ──(notices the player)──► chase ──(in reach, standing)──► attack ──(out of reach)──► chase
 *   chase / attack ──(beyond leash, or out of sight too long, or the player respawned)──► return ──(home)──► idle
 *
 * Noticing: the player within `aggro` tiles with a line of sight over the collision grid, or within half of
 * it regardless (heard, if not seen); never in the grace after the player comes into the map or is put back
 * on it (`World.graceUntil`), so nobody is hunted before they have looked around. A returning enemy ignores the player until it is home, so a leash is a
 * leash and not a yo-yo.
 */
export function thinkEnemy(w: WorldContext, c: Character, t: number): void {
  const p = w.player;
  const hz = w.tickHz;
  switch (c.brain.state) {
    case 'idle':
    case 'wander':
      if (p && t >= w.graceUntil && notices(w, c, p)) {
        startChase(w, c, p);
        return;
      }
      if (c.brain.state === 'idle') {
        if (t >= c.brain.nextThinkTick) wander(w, c);
      } else if (w.arrived(c) || stuck(w, c, t)) {
        w.setState(c, 'idle');
        c.brain.nextThinkTick = t + w.rng.range(hz, 4 * hz);
      }
      return;
    case 'chase': {
      if (!p || p.hp <= 0 || beyondLeash(c)) {
        w.goHome(c);
        return;
      }
      if (sees(w, c, p)) c.brain.lostSightTicks = 0;
      else if (++c.brain.lostSightTicks > w.config.loseSightAfter * hz) {
        w.goHome(c);
        return;
      }
      if (!c.moving && inReach(w.grid, c.cell, p.cell, w.config.moves)) {
        w.setPath(c, []);
        w.setState(c, 'attack');
        c.facing = dirOf(p.x - c.x, p.y - c.y);
        // A short wind-up before the first blow, so walking past an enemy is not an instant hit.
        c.fight.nextHitTick = t + Math.round(w.config.enemyHitEvery * hz * 0.5);
      }
      return;
    }
    case 'attack':
      if (!p || p.hp <= 0) {
        w.goHome(c);
        return;
      }
      if (!inReach(w.grid, c.cell, p.cell, w.config.moves)) {
        w.setState(c, 'chase');
        c.walk.fieldVersion = -1;
        return;
      }
      c.facing = dirOf(p.x - c.x, p.y - c.y);
      if (t >= c.fight.nextHitTick) {
        c.fight.nextHitTick = t + Math.round(w.config.enemyHitEvery * hz);
        p.hp = Math.max(0, p.hp - w.config.enemyDamage);
        w.stats.catches++;
        w.events.push(t, 'catch', c.id, c.x, c.y).other = p.id;
      }
      return;
    case 'return':
      if (w.arrived(c) || stuck(w, c, t)) {
        w.setState(c, 'idle');
        c.brain.nextThinkTick = t + w.rng.range(hz, 3 * hz);
      }
      return;
  }
}

function notices(w: WorldContext, c: Character, p: Character): boolean {
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  const d2 = dx * dx + dy * dy;
  if (d2 > c.aggro * c.aggro) return false;
  return d2 * 4 <= c.aggro * c.aggro || lineOfSight(w.grid, c.x, c.y, p.x, p.y);
}

/** Still has the player: in sight within aggro range (or near enough to hear), or right next to it. */
function sees(w: WorldContext, c: Character, p: Character): boolean {
  return notices(w, c, p) || inReach(w.grid, c.cell, p.cell, w.config.moves);
}

/**
 * A wanderer or a returner that has not taken a step for a while gives up (someone stands on its tile and
 * will not leave: the player, or one striking): it rests where it is and thinks again.
 */
function stuck(w: WorldContext, c: Character, t: number): boolean {
  return !c.moving && t - Math.max(c.step.startTick, c.brain.since) > GIVE_UP_S * w.tickHz;
}

function beyondLeash(c: Character): boolean {
  const dx = c.x - c.spawnX;
  const dy = c.y - c.spawnY;
  return dx * dx + dy * dy > c.leash * c.leash;
}

function startChase(w: WorldContext, c: Character, p: Character): void {
  w.scheduler.cancel(c.id);
  c.walk.goal = -1;
  c.walk.dest = -1;
  c.fight.target = p.id;
  c.brain.lostSightTicks = 0;
  c.walk.fieldVersion = -1;
  w.setPath(c, []);
  w.events.push(w.tick, 'notice', c.id, c.x, c.y).other = p.id;
  w.setState(c, 'chase');
}

/** Off to a seeded random walkable tile near its spawn. */
function wander(w: WorldContext, c: Character): void {
  const grid = w.grid;
  const r = Math.max(1, Math.floor(w.config.wanderRadius));
  for (let tries = 0; tries < 8; tries++) {
    const x = c.spawnX + w.rng.range(-r, r);
    const y = c.spawnY + w.rng.range(-r, r);
    if (!grid.isWalkable(x, y) || (x === c.x && y === c.y)) continue;
    w.setState(c, 'wander');
    w.walkTo(c, grid.index(x, y));
    return;
  }
  c.brain.nextThinkTick = w.tick + w.rng.range(w.tickHz, 3 * w.tickHz);
}
