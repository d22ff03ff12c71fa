import type { ExitArea } from './Exits.ts';

/** The world's tunings. Times are in seconds (converted to ticks with `tickHz`), distances in tiles. */
export interface WorldConfig {
  /** Ticks per second: 20 or 30. */
  tickHz: number;
  seed: number;
  /** Node expansions the path scheduler may spend per tick (the player's click is always answered). */
  budget: number;
  playerSpeed: number;
  enemySpeed: number;
  playerHp: number;
  enemyHp: number;
  /** Notice radius (line of sight needed beyond half of it). Spawn property `aggro` overrides it. */
  aggro: number;
  /** Give up the chase beyond this distance from the spawn. Spawn property `leash` overrides it. */
  leash: number;
  /** Wanderers pick tiles within this distance of their spawn. */
  wanderRadius: number;
  /** A chaser that has not seen the player for this long goes home. */
  loseSightAfter: number;
  enemyDamage: number;
  enemyHitEvery: number;
  playerDamage: number;
  playerHitEvery: number;
  /** Seconds a defeated enemy stays off the map (map property `respawn`, a spawn's own overrides); 0: never. */
  respawn: number;
  /**
   * The player's sight, in tiles (Chebyshev): a defeated enemy comes back only on a tile farther than this
   * from the player (a 1024 × 768 window at zoom 1 shows 16 × 12 tiles of 32 px each side of the player).
   */
  sight: number;
  /** Extra cost a planned path pays for entering a tile someone holds near the start (so it goes around). */
  crowdCost: number;
  /**
   * Extra cost the player's walk pays for entering an exit tile that is not where it goes: it goes round the
   * stairs when that costs at most this many steps more, and over them (without leaving) when it does not.
   */
  exitToll: number;
  /** The map's exits: a player's walk that ends on one leaves by it (an `exit` event); others go round. */
  exits: readonly ExitArea[];
  /** Seconds after the player comes into the map (or is put back on it) during which no enemy notices it. */
  noticeGrace: number;
  /**
   * 8 (default): characters step to any of the eight neighbours (a diagonal never cuts a corner); 4: only up,
   * down, left and right, the classic four-way style. Every search, chase field and push follows it.
   */
  moves: 8 | 4;
  /** Keep the cells of the player's last search (World.expanded) for the debug view. */
  debug: boolean;
}

export const DEFAULT_CONFIG: WorldConfig = {
  tickHz: 20,
  seed: 1,
  budget: 5_000,
  playerSpeed: 4,
  enemySpeed: 3.5,
  playerHp: 100,
  enemyHp: 60,
  aggro: 7,
  leash: 16,
  wanderRadius: 5,
  loseSightAfter: 3,
  enemyDamage: 10,
  enemyHitEvery: 1,
  playerDamage: 20,
  playerHitEvery: 0.5,
  respawn: 30,
  sight: 16,
  crowdCost: 4,
  exitToll: 5,
  noticeGrace: 2,
  exits: [],
  moves: 8,
  debug: false,
};

export function withDefaults(config: Partial<WorldConfig>): WorldConfig {
  const c: WorldConfig = { ...DEFAULT_CONFIG };
  for (const [k, v] of Object.entries(config))
    if (v !== undefined) (c as unknown as Record<string, unknown>)[k] = v;
  if (c.tickHz !== 20 && c.tickHz !== 30)
    throw new RangeError(`world tickHz must be 20 or 30, got ${c.tickHz}`);
  if (!Number.isInteger(c.seed)) throw new RangeError(`world seed must be an integer, got ${c.seed}`);
  if (!(c.budget >= 1))
    throw new RangeError(`world path budget must be at least 1 expansion, got ${c.budget}`);
  if (c.moves !== 8 && c.moves !== 4) throw new RangeError(`world moves must be 8 or 4, got ${c.moves}`);
  if (!(c.aggro >= 0)) throw new RangeError(`aggro radius must be a number ≥ 0, got ${c.aggro}`);
  if (!(c.respawn >= 0) || !Number.isFinite(c.respawn))
    throw new RangeError(`respawn must be a number of seconds ≥ 0 (0: never), got ${c.respawn}`);
  if (!(c.sight >= 0)) throw new RangeError(`sight must be a number of tiles ≥ 0, got ${c.sight}`);
  if (!(c.exitToll >= 0) || !Number.isFinite(c.exitToll))
    throw new RangeError(`world exitToll must be a finite number ≥ 0, got ${c.exitToll}`);
  if (!(c.noticeGrace >= 0))
    throw new RangeError(`world noticeGrace must be a number of seconds ≥ 0, got ${c.noticeGrace}`);
  return c;
}
