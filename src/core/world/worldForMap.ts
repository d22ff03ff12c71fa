import type { NavGrid } from '../grid/index.ts';
import type { WorldConfig } from './config.ts';
import type { ExitArea } from './Exits.ts';
import { type PopulateOptions, populate, type SpawnPoint } from './populate.ts';
import { World } from './World.ts';

/** What a world needs of a loaded map (core/tiled's LoadedMap has this shape; a Moving AI grid fits too). */
export interface MapForWorld {
  readonly nav: NavGrid;
  readonly spawns: readonly SpawnPoint[];
  /** The tiles that lead elsewhere (the player's walks pay a toll to pass over them). */
  readonly exits?: readonly ExitArea[];
  /** The map property `moves`. */
  readonly moves?: 8 | 4;
  /** The map property `respawn`: seconds a defeated enemy stays away. */
  readonly respawn?: number;
  /** The map property `safeRadius`: tiles round the player's start where no enemy starts. */
  readonly safeRadius?: number;
}

export interface WorldForMapOptions extends PopulateOptions {
  seed?: number;
  tickHz?: number;
  /** Overrides the map's `moves` (`?moves=`, `--moves`). */
  moves?: 8 | 4;
  /** Keeps the cells of the player's last search (the debug view's overlay). */
  debug?: boolean;
}

/**
 * The world of a map as the game plays it: the map's own rules (moves, respawn time, exits with their toll, the
 * safe radius round the player's start) and its characters put in (`populate`). The game, `sim`, bench:game and
 * bench:world all build their worlds here, so what the tools measure is what the game runs. The grid is
 * occupied by the new world: its old occupants are cleared first.
 */
export function worldForMap(map: MapForWorld, opts: WorldForMapOptions = {}): World {
  map.nav.occupant.fill(0);
  const config: Partial<WorldConfig> = { moves: opts.moves ?? map.moves ?? 8 };
  if (opts.seed !== undefined) config.seed = opts.seed;
  if (opts.tickHz !== undefined) config.tickHz = opts.tickHz;
  if (opts.debug !== undefined) config.debug = opts.debug;
  if (map.respawn !== undefined) config.respawn = map.respawn;
  if (map.exits !== undefined) config.exits = map.exits;
  const world = new World(map.nav, config);
  populate(world, map.spawns, { ...opts, safeRadius: opts.safeRadius ?? map.safeRadius });
  return world;
}
