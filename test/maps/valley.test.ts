// The bundled Tiled world, maps/valley.world, checked as a map author and a player would: its files are what
// `npm run maps:make` writes, its maps lie where the world says and are the size it records, and it plays: every
// spawn on a walkable tile, every walkable tile of every map reachable from the player's start by walking
// (across the maps' edges as the game crosses them), and every road that meets an edge carries on in the
// neighbour.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  checkMapSize,
  type LoadedMap,
  landingOf,
  layoutOf,
  loadTiledMap,
  loadTiledWorld,
} from '../../src/core/tiled/index.ts';
import { makeValley, valleyWorld } from '../../tools/authoring/maps/valley.ts';
import { readTextFile } from '../../tools/lib/node-reader.ts';

const MAPS = join(import.meta.dirname, '..', '..', 'maps');
const WORLD = join(MAPS, 'valley.world');
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

async function loadValley() {
  const world = await loadTiledWorld(WORLD, readTextFile);
  const layout = layoutOf(world);
  const maps: LoadedMap[] = [];
  for (const m of world.maps) maps.push(await loadTiledMap(m.url, readTextFile, { name: m.fileName }));
  return { layout, maps };
}

describe('maps/valley.world', () => {
  test('is what npm run maps:make writes', () => {
    const made = makeValley();
    expect(readJson(WORLD)).toEqual(JSON.parse(JSON.stringify(valleyWorld(made))));
    for (const m of made)
      expect(readJson(join(MAPS, m.fileName))).toEqual(JSON.parse(JSON.stringify(m.json)));
  });

  test('three maps, no overlap, each the size the world records, spawns on walkable tiles', async () => {
    const { layout, maps } = await loadValley();
    expect(maps).toHaveLength(3);
    maps.forEach((m, i) => {
      expect(() => checkMapSize(layout, i, m)).not.toThrow();
      expect(m.warnings).toEqual([]);
      expect(m.spawns.filter((s) => s.type === 'enemy').length).toBeGreaterThanOrEqual(3);
      for (const s of m.spawns) expect(m.nav.isWalkable(s.x, s.y), `${s.name} in ${m.name}`).toBe(true);
    });
    // The visit starts in the first map, on its player object.
    expect(maps[0].spawns[0]).toMatchObject({ type: 'player', x: 8, y: 9 });
  });

  test('every walkable tile of every map is reachable from the start, crossing edges as the game does', async () => {
    const { layout, maps } = await loadValley();
    const seen = maps.map((m) => new Uint8Array(m.width * m.height));
    const stack: [number, number, number][] = [[0, maps[0].spawns[0].x, maps[0].spawns[0].y]];
    seen[0][stack[0][2] * maps[0].width + stack[0][1]] = 1;
    const crossings = new Set<string>();
    const size = (i: number) => maps[i];
    while (stack.length > 0) {
      const [i, x, y] = stack.pop()!;
      const m = maps[i];
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        let to = i;
        let nx = x + dx;
        let ny = y + dy;
        if (!m.nav.inBounds(nx, ny)) {
          const land = landingOf(layout, i, x, y, dx, dy, m.tileWidth, m.tileHeight, size);
          if (!land) continue;
          ({ map: to, x: nx, y: ny } = land);
          if (maps[to].nav.isWalkable(nx, ny)) crossings.add(`${i}→${to}`);
        }
        const there = maps[to];
        const k = ny * there.width + nx;
        if (there.nav.isWalkable(nx, ny) && !seen[to][k]) {
          seen[to][k] = 1;
          stack.push([to, nx, ny]);
        }
      }
    }
    maps.forEach((m, i) => {
      const stranded: string[] = [];
      for (let k = 0; k < m.width * m.height; k++)
        if (m.nav.walkable[k] && !seen[i][k]) stranded.push(`${k % m.width},${(k / m.width) | 0}`);
      expect(stranded, m.name).toEqual([]);
    });
    expect([...crossings].sort()).toEqual(['0→1', '0→2', '1→0', '2→0']);
  });

  test('the roads line up: every walkable edge tile facing a neighbour leads onto a walkable tile there', async () => {
    const { layout, maps } = await loadValley();
    const size = (i: number) => maps[i];
    maps.forEach((m, i) => {
      for (let y = 0; y < m.height; y++)
        for (let x = 0; x < m.width; x++) {
          if (!m.nav.isWalkable(x, y)) continue;
          for (const [dx, dy] of [
            [1, 0],
            [-1, 0],
            [0, 1],
            [0, -1],
          ]) {
            const land = landingOf(layout, i, x, y, dx, dy, m.tileWidth, m.tileHeight, size);
            if (land)
              expect(maps[land.map].nav.isWalkable(land.x, land.y), `${m.name} (${x}, ${y})`).toBe(true);
          }
        }
    });
  });
});
