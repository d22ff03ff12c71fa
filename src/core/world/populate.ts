import type { Character, CharacterProps } from './Character.ts';
import { DEFAULT_SPECIES, SPECIES, speciesNamed } from './species.ts';
import type { World } from './World.ts';

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
}

/**
 * Puts the player (the map's player spawn, or a seeded random tile) and the enemies into the world. Extra
 * enemies go on seeded random free tiles the player can reach (an enemy walled off from the player could
 * never take part). Throws a one-sentence error when the map cannot hold them.
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
  if (playerSpawn) player = world.addPlayer(playerSpawn.x, playerSpawn.y, propsOf(playerSpawn));
  else {
    const i = walkable[rng.int(walkable.length)];
    player = world.addPlayer(i % grid.width, Math.floor(i / grid.width));
  }
  placed.push(player);

  const mapEnemies = spawns.filter((s) => s.type === 'enemy');
  const wanted = opts.enemies ?? mapEnemies.length;
  if (!Number.isInteger(wanted) || wanted < 0)
    throw new RangeError(`enemies must be a whole number ≥ 0, got ${wanted}`);
  for (const s of mapEnemies.slice(0, wanted)) {
    const species = speciesOf(s);
    const props = { ...SPECIES[species], ...propsOf(s) };
    if (opts.aggro !== undefined) props.aggro = opts.aggro;
    if (grid.isWalkable(s.x, s.y) && grid.occupant[grid.index(s.x, s.y)] === 0) {
      const enemy = world.addEnemy(s.x, s.y, props);
      enemy.species = species;
      placed.push(enemy);
    }
  }
  let missing = wanted - (placed.length - 1);
  if (missing > 0) {
    const reach = new Float64Array(grid.size);
    world.planner.distanceField(player.cell, reach);
    const free = walkable.filter((i) => reach[i] < Number.POSITIVE_INFINITY && grid.occupant[i] === 0);
    if (free.length < missing) {
      throw new RangeError(`the map has room for ${placed.length - 1 + free.length} enemies, not ${wanted}`);
    }
    // A partial Fisher–Yates shuffle: `missing` distinct seeded picks.
    for (let k = 0; missing > 0; k++, missing--) {
      const j = k + rng.int(free.length - k);
      const i = free[j];
      free[j] = free[k];
      free[k] = i;
      const props: CharacterProps = opts.aggro !== undefined ? { aggro: opts.aggro } : {};
      const enemy = world.addEnemy(i % grid.width, Math.floor(i / grid.width), props);
      enemy.species = DEFAULT_SPECIES;
      placed.push(enemy);
    }
  }
  return placed;
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
