// `npm run maps:make`: draws the dungeon tileset image and writes every map and tileset in maps/ — the
// town and dungeon from their hand-drawn layouts, the 256×256 field from its seed, the valley (a Tiled world of
// three maps, maps/valley.world) from its layouts. The output is plain Tiled JSON: open any of it in Tiled,
// edit, save; rerunning this script overwrites such edits.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawDungeonTiles } from './art/drawDungeonTiles.ts';
import { dungeonTileset } from './art/dungeonTiles.ts';
import { DUNGEON_FROM_TOWN, makeDungeon } from './maps/dungeon.ts';
import { FIELD_FROM_TOWN, makeField } from './maps/field.ts';
import { tilesetJson, writeTiledFile } from './maps/tiledJson.ts';
import { makeTown, TOWN_FROM_DUNGEON, TOWN_FROM_FIELD } from './maps/town.ts';
import { tuxemonTileset } from './maps/tuxemon.ts';
import { makeValley, valleyWorld } from './maps/valley.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const maps = join(root, 'maps');
const assets = join(root, 'assets', 'tilesets');

function main() {
  mkdirSync(maps, { recursive: true });
  mkdirSync(assets, { recursive: true });

  writeFileSync(join(assets, 'dungeon-32px.png'), drawDungeonTiles());
  writeTiledFile(join(maps, 'tuxemon.tsj'), tilesetJson(tuxemonTileset()));
  writeTiledFile(join(maps, 'dungeon.tsj'), tilesetJson(dungeonTileset()));

  const town = makeTown({ dungeon: DUNGEON_FROM_TOWN, field: FIELD_FROM_TOWN });
  writeTiledFile(join(maps, 'town.tmj'), town, 40);
  const dungeon = makeDungeon(TOWN_FROM_DUNGEON);
  writeTiledFile(join(maps, 'dungeon.tmj'), dungeon, 48);
  const field = makeField(TOWN_FROM_FIELD);
  writeTiledFile(join(maps, 'field.tmj'), field.json);

  mkdirSync(join(maps, 'valley'), { recursive: true });
  const valley = makeValley();
  for (const m of valley) writeTiledFile(join(maps, m.fileName), m.json, m.width / 32);
  writeTiledFile(join(maps, 'valley.world'), valleyWorld(valley));

  console.log('wrote maps/town.tmj (40×30), maps/dungeon.tmj (48×36), maps/field.tmj (256×256)');
  console.log(`wrote maps/valley.world: ${valley.map((m) => m.fileName).join(', ')}`);
  console.log(`field: ${field.sealed} unreachable meadow tiles planted with trees and rocks`);
}

try {
  main();
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
