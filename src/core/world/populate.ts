import type { Character, CharacterProps } from './Character.ts';
import { DEFAULT_SPECIES, SPECIES, speciesNamed } from './species.ts';
import type { World } from './World.ts';

/** Tiles around the player's start where no enemy starts, unless the map says otherwise (`safeRadius`). */
export const DEFAULT_SAFE_RADIUS = 6;

/**
 * A map that cannot hold the enemies asked of it: `room` enemies fit (outside the safe radius, where the player
 * can reach), `wanted` were asked for. Its message is the sentence for tools; a page can word its own.
 */
export class PopulateError extends RangeError {
  constructor(
    readonly room: number,
    readonly wanted: number,
  ) {
    super(`the map has room for ${room} enemies, not ${wanted}`);
    this.name = 'PopulateError';
  }
}

/** A character placement from a map (core/tiled spawns fit this shape). */
export interface SpawnPoint {
  type: 'player' | 'enemy';
  x: number;
  y: number;
  /** The map object's name, for sentences about it. */
  name?: string;
  properties?: Readonly<Record<string, unknown>>;
}

export interface PopulateOptions {
  /** Exactly this many enemies: the map's enemy spawns first, then seeded random free tiles. Default: the map's. */
  enemies?: number;
  /** Aggro radius for every enemy, overriding spawn properties and defaults. */
  aggro?: number;
  /** Leash radius for every enemy (how far from its spawn it chases), overriding spawn properties and defaults. */
  leash?: number;
  /** The player's hit points (and its most), overriding its spawn's and the world's. */
  hp?: number;
  /**
   * No enemy starts within this many tiles of the player (Chebyshev distance: tiles across, diagonals
   * included, walls or not, since a near enemy hears through walls). Default DEFAULT_SAFE_RADIUS.
   */
  safeRadius?: number;
  /** Told of what the map author should know (an enemy spawn moved out of the safe radius), one sentence each. */
  warn?: (sentence: string) => void;
}

/**
 * Puts the player (the map's player spawn, or a seeded random tile) and the enemies into the world. Extra
 * enemies go on seeded random free tiles the player can reach (an enemy walled off from the player could
 * never take part). No enemy starts within the safe radius of the player: a map's spawn there starts on the
 * nearest free tile outside it instead (with a warning); extra enemies are picked outside it. Throws a
 * one-sentence error when the map cannot hold them.
 */
export function populate(
  world: World,
  spawns: readonly SpawnPoint[],
  opts: PopulateOptions = {},
): Character[] {
  const grid = world.grid;
  const rng = world.rng;
  const placed: Character[] = [];
  const playerSpawn = spawns.find((s) => s.type === 'player');
  const walkable: number[] = [];
  for (let i = 0; i < grid.size; i++) if (grid.walkable[i] === 1) walkable.push(i);
  if (walkable.length === 0) throw new RangeError('the map has no walkable tile to put the player on');
  let player: Character;
  if (opts.hp !== undefined && !(opts.hp > 0 && Number.isFinite(opts.hp)))
    throw new RangeError(`the player's hit points must be a number above 0, got ${opts.hp}`);
  if (opts.leash !== undefined && !(opts.leash >= 0))
    throw new RangeError(`the enemies' leash must be a number of tiles ≥ 0, got ${opts.leash}`);
  const playerProps: CharacterProps = playerSpawn ? propsOf(playerSpawn) : {};
  if (opts.hp !== undefined) playerProps.hp = opts.hp;
  if (playerSpawn) player = world.addPlayer(playerSpawn.x, playerSpawn.y, playerProps);
  else {
    const i = walkable[rng.int(walkable.length)];
    player = world.addPlayer(i % grid.width, Math.floor(i / grid.width), playerProps);
  }
  placed.push(player);
  const safe = opts.safeRadius ?? DEFAULT_SAFE_RADIUS;
  if (!(safe >= 0)) throw new RangeError(`the safe radius must be a number of tiles ≥ 0, got ${safe}`);
  const px = player.x;
  const py = player.y;
  /** Whether an enemy may start on cell i: outside the safe radius around the player. */
  const outside = (i: number): boolean => {
    const x = i % grid.width;
    const y = (i - x) / grid.width;
    return Math.max(Math.abs(x - px), Math.abs(y - py)) > safe;
  };

  const mapEnemies = spawns.filter((s) => s.type === 'enemy');
  const wanted = opts.enemies ?? mapEnemies.length;
  if (!Number.isInteger(wanted) || wanted < 0)
    throw new RangeError(`enemies must be a whole number ≥ 0, got ${wanted}`);
  for (const s of mapEnemies.slice(0, wanted)) {
    const species = speciesOf(s);
    const props = { ...SPECIES[species], ...propsOf(s) };
    if (opts.aggro !== undefined) props.aggro = opts.aggro;
    if (opts.leash !== undefined) props.leash = opts.leash;
    if (!grid.isWalkable(s.x, s.y) || grid.occupant[grid.index(s.x, s.y)] !== 0) continue;
    let at = grid.index(s.x, s.y);
    if (!outside(at)) {
      const moved = nearestFreeOutside(world, at, outside);
      if (moved >= 0) at = moved;
      const x = at % grid.width;
      const y = (at - x) / grid.width;
      opts.warn?.(
        `the enemy spawn${s.name ? ` "${s.name}"` : ''} at (${s.x}, ${s.y}) lies within ${safe} tiles of where the player starts, (${px}, ${py}), ` +
          (moved >= 0
            ? `so it starts at (${x}, ${y}) instead`
            : 'and no free tile lies farther off, so it starts there'),
      );
    }
    const enemy = world.addEnemy(at % grid.width, Math.floor(at / grid.width), props);
    enemy.species = species;
    placed.push(enemy);
  }
  let missing = wanted - (placed.length - 1);
  if (missing > 0) {
    const reach = new Float64Array(grid.size);
    world.planner.distanceField(player.cell, reach);
    const free = walkable.filter(
      (i) => reach[i] < Number.POSITIVE_INFINITY && grid.occupant[i] === 0 && outside(i),
    );
    if (free.length < missing) {
      throw new PopulateError(placed.length - 1 + free.length, wanted);
    }
    // A partial Fisher–Yates shuffle: `missing` distinct seeded picks.
    for (let k = 0; missing > 0; k++, missing--) {
      const j = k + rng.int(free.length - k);
      const i = free[j];
      free[j] = free[k];
      free[k] = i;
      const props: CharacterProps = {};
      if (opts.aggro !== undefined) props.aggro = opts.aggro;
      if (opts.leash !== undefined) props.leash = opts.leash;
      const enemy = world.addEnemy(i % grid.width, Math.floor(i / grid.width), props);
      enemy.species = DEFAULT_SPECIES;
      placed.push(enemy);
    }
  }
  return placed;
}

/**
 * The free walkable tile nearest `cell` (square rings outwards, straight distance within a ring) that `ok`
 * accepts, in the same region as `cell` (it starts in the room it was drawn in) when any there will do, else
 * in any region; -1 when none will.
 */
function nearestFreeOutside(world: World, cell: number, ok: (i: number) => boolean): number {
  const grid = world.grid;
  const label = world.regions.label;
  const home = label[cell];
  const w = grid.width;
  const h = grid.height;
  const cx = cell % w;
  const cy = (cell - cx) / w;
  let other = -1;
  for (let r = 1, maxR = Math.max(w, h); r <= maxR; r++) {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    let near = -1;
    let nearD = Number.POSITIVE_INFINITY;
    const offer = (x: number, y: number) => {
      if (x < 0 || y < 0 || x >= w || y >= h) return;
      const i = y * w + x;
      if (grid.walkable[i] !== 1 || grid.occupant[i] !== 0 || !ok(i)) return;
      const d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
      if (label[i] === home) {
        if (d < bestD) [best, bestD] = [i, d];
      } else if (d < nearD) [near, nearD] = [i, d];
    };
    for (let x = cx - r; x <= cx + r; x++) {
      offer(x, cy - r);
      offer(x, cy + r);
    }
    for (let y = cy - r + 1; y < cy + r; y++) {
      offer(cx - r, y);
      offer(cx + r, y);
    }
    if (best >= 0) return best;
    if (other < 0) other = near;
  }
  return other;
}

/** The kind an enemy spawn's `kind` property names; throws a sentence for a kind the world does not know. */
function speciesOf(s: SpawnPoint): string {
  const kind = s.properties?.kind;
  if (kind === undefined) return DEFAULT_SPECIES;
  const known = typeof kind === 'string' ? speciesNamed(kind) : undefined;
  if (known) return known;
  const names = Object.keys(SPECIES);
  throw new RangeError(
    `the enemy spawn${s.name ? ` "${s.name}"` : ''} at (${s.x}, ${s.y}) has kind ${JSON.stringify(kind)}, which the game does not know (it knows ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]})`,
  );
}

/**
 * Numeric `speed`, `aggro`, `leash`, `hp` spawn properties (others are the map's business), and `respawn`:
 * seconds ≥ 0 a defeat keeps an enemy away (0: never back), a sentence for anything else.
 */
function propsOf(s: SpawnPoint): CharacterProps {
  const out: CharacterProps = {};
  const p = s.properties ?? {};
  const back = p.respawn;
  if (back !== undefined) {
    if (typeof back !== 'number' || !Number.isFinite(back) || back < 0)
      throw new RangeError(
        `the ${s.type} spawn${s.name ? ` "${s.name}"` : ''} at (${s.x}, ${s.y}) has respawn ${JSON.stringify(back)}, which must be a number of seconds ≥ 0 (0: never back)`,
      );
    out.respawn = back;
  }
  for (const key of ['speed', 'aggro', 'leash', 'hp'] as const) {
    const v = p[key];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[key] = v;
  }
  return out;
}
