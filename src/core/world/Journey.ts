import type { World } from './World.ts';

/** A map the player left by an exit: its world as it was left, and whatever the game keeps to show it again. */
export interface Stay<M> {
  world: World;
  map: M;
}

/**
 * One journey across maps (a session state): the player's hit points go from map to map, and each map left by
 * an exit keeps its world — the enemies where they were, the defeated ones still away with their timers — so
 * going down the stairs and back up is no free heal and no reset. `M` is what the game keeps of a map to
 * show it again (the loaded map); the journey only holds it.
 */
export class Journey<M = unknown> {
  /** The player's hit points and maximum as the last map left them (-1: none yet, the map's own). */
  hp = -1;
  maxHp = -1;
  private readonly stays = new Map<string, Stay<M>>();

  /** The player leaves `world` (hit points as it has them now). */
  left(world: World): void {
    const p = world.player;
    if (!p) return;
    this.hp = p.hp;
    this.maxHp = p.maxHp;
  }

  /** The player leaves map `key` by an exit: it keeps `world` until the player comes back. */
  keep(key: string, world: World, map: M): void {
    this.left(world);
    this.stays.set(key, { world, map });
  }

  /** Map `key` as the player left it, if it was left by an exit (and not forgotten since). */
  stayAt(key: string): Stay<M> | undefined {
    return this.stays.get(key);
  }

  /** Map `key` starts afresh next time (a restart after a defeat, a live-reloaded map). */
  forget(key: string): void {
    this.stays.delete(key);
  }

  /** The player enters `world`: it has the hit points the journey carries (a fresh journey: the world's own). */
  enter(world: World): void {
    const p = world.player;
    if (!p || this.hp < 0) return;
    p.maxHp = this.maxHp;
    p.hp = Math.min(this.hp, this.maxHp);
  }
}
