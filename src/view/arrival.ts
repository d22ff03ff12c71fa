// Where the player comes into a map: the spawns with the player moved onto an exit's arrival tile. A plain
// function, no Phaser: tested in Node. (Where it leaves is the world's rule: core/world/Exits.ts.)
import type { LoadedMap } from '../core/tiled/index.ts';
import type { SpawnPoint } from '../core/world/index.ts';

/** The map's spawns, with the player put on the arrival tile when an exit led here. */
export function spawnsFor(
  map: Pick<LoadedMap, 'name' | 'nav' | 'spawns'>,
  arrival?: { x: number; y: number },
): SpawnPoint[] {
  if (!arrival) return map.spawns;
  if (!map.nav.isWalkable(arrival.x, arrival.y)) {
    throw new Error(
      `Map ${map.name}: the exit that leads here sends the player to tile (${arrival.x}, ${arrival.y}), which is not a walkable tile of the map.`,
    );
  }
  return [{ type: 'player', x: arrival.x, y: arrival.y }, ...map.spawns.filter((s) => s.type !== 'player')];
}
