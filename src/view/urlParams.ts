// The game's URL parameters besides `map` (see mapParam.ts): `seed`, `enemies`, `aggro`, `leash`, `hp`,
// `moves`, `debug`. They hold
// for every map of the visit (an exit keeps them). A bad value stops the game with one sentence naming the
// parameter and what is wrong with it, like a map that fails to load.
import { isSeedText, SEED_RANGE } from '../core/world/index.ts';

export interface PlayParams {
  /** The world's seed (same map, seed and clicks: the same run). */
  seed: number;
  /** Exactly this many enemies (map spawns first, then seeded free tiles); undefined: the map's own. */
  enemies?: number;
  /** Aggro radius in tiles for every enemy; undefined: spawn properties and defaults. */
  aggro?: number;
  /** Leash radius in tiles for every enemy (how far from its spawn it gives up); undefined: the map's. */
  leash?: number;
  /** The player's hit points (benchmarks and long looks at a crowd use a very large number). */
  hp?: number;
  /** Start with the debug view on. */
  debug: boolean;
  /** How characters move: 8 ways or 4; undefined: the map's `moves` property (8 when it has none). */
  moves?: 8 | 4;
}

export const DEFAULT_SEED = 1;
/** More than this many enemies is not a game any more, and would stall the page while they are placed. */
export const MAX_ENEMIES = 20_000;

/** A number ≥ 0 as people write one: 7, 2.5, .5, 7., 1e9, 2.5E+3. */
const NUMBER = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Reads the play parameters of a query string; throws an Error whose message is the sentence to show. */
export function playParamsFrom(search: string): PlayParams {
  const q = new URLSearchParams(search);
  const params: PlayParams = { seed: DEFAULT_SEED, debug: false };

  const seed = q.get('seed');
  if (seed !== null) {
    if (!isSeedText(seed))
      throw new Error(`The seed parameter must be a whole number (${SEED_RANGE}), got "${clip(seed)}".`);
    params.seed = Number(seed);
  }

  const enemies = q.get('enemies');
  if (enemies !== null) {
    const n = Number(enemies);
    if (!/^\d+$/.test(enemies.trim()) || n > MAX_ENEMIES) {
      throw new Error(
        `The enemies parameter must be a whole number from 0 to ${MAX_ENEMIES}, got "${clip(enemies)}".`,
      );
    }
    params.enemies = n;
  }

  const aggro = q.get('aggro');
  if (aggro !== null) {
    const n = Number(aggro);
    if (!NUMBER.test(aggro.trim()) || !Number.isFinite(n)) {
      throw new Error(`The aggro parameter must be a number of tiles ≥ 0, got "${clip(aggro)}".`);
    }
    params.aggro = n;
  }

  const leash = q.get('leash');
  if (leash !== null) {
    const n = Number(leash);
    if (!NUMBER.test(leash.trim()) || !Number.isFinite(n)) {
      throw new Error(`The leash parameter must be a number of tiles ≥ 0, got "${clip(leash)}".`);
    }
    params.leash = n;
  }

  const moves = q.get('moves');
  if (moves !== null) {
    if (moves.trim() !== '4' && moves.trim() !== '8') {
      throw new Error(`The moves parameter must be 4 or 8, got "${clip(moves)}".`);
    }
    params.moves = moves.trim() === '4' ? 4 : 8;
  }

  const hp = q.get('hp');
  if (hp !== null) {
    const n = Number(hp);
    if (!/^\d+$/.test(hp.trim()) || n < 1 || !Number.isSafeInteger(n)) {
      throw new Error(`The hp parameter must be a whole number of hit points ≥ 1, got "${clip(hp)}".`);
    }
    params.hp = n;
  }

  const debug = q.get('debug');
  if (debug !== null) {
    const v = debug.trim().toLowerCase();
    if (v === '' || v === '1' || v === 'true' || v === 'on') params.debug = true;
    else if (v === '0' || v === 'false' || v === 'off') params.debug = false;
    else throw new Error(`The debug parameter must be 1 or 0, got "${clip(debug)}".`);
  }
  return params;
}

/** A value quoted in a sentence stays short and on one line. */
function clip(value: string): string {
  const flat = value.replace(/\s+/g, ' ');
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
}
