import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Dir } from '../../../src/core/grid/index.ts';
import { PathPlanner } from '../../../src/core/path/index.ts';
import { loadTiledMap, MapLoadError } from '../../../src/core/tiled/index.ts';
import { readTextFile } from '../../../tools/lib/node-reader.ts';
import { gridRows } from './memoryReader.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/tiled/', import.meta.url));

const MAPS: [string, string][] = [
  ['tuxemon/tilemaps/tuxemon-town.json', 'tuxemon-town'],
  ['grid-engine/cloud_city.json', 'cloud_city'],
  ['grid-engine/ice-movement.json', 'ice-movement'],
  ['grid-engine/jungle-small.json', 'jungle-small'],
  ['grid-engine/one-way.json', 'one-way'],
  ['grid-engine/tile-costs.json', 'tile-costs'],
];

interface Golden {
  width: number;
  height: number;
  walkable: number;
  blocked: number;
  spawns: { type: string; x: number; y: number }[];
  rows: string[];
}

describe('real third-party maps match the independent golden grids', () => {
  for (const [file, golden] of MAPS) {
    it(`${file}: every cell, the counts and the spawns`, async () => {
      const want = JSON.parse(readFileSync(`${FIXTURES}expected/${golden}.json`, 'utf8')) as Golden;
      const map = await loadTiledMap(FIXTURES + file, readTextFile);
      expect([map.width, map.height]).toEqual([want.width, want.height]);
      const rows = gridRows(map.nav);
      for (let y = 0; y < want.height; y++) expect(`${y}: ${rows[y]}`).toBe(`${y}: ${want.rows[y]}`);
      expect(map.nav.countWalkable()).toBe(want.walkable);
      expect(map.nav.size - map.nav.countWalkable()).toBe(want.blocked);
      const fromObjects = map.spawns
        .filter((s) => s.objectId !== undefined)
        .map(({ type, x, y }) => ({ type, x, y }));
      expect(fromObjects).toEqual(want.spawns);
      expect(map.spawns.filter((s) => s.type === 'player')).toHaveLength(1);
      expect(map.nav.isWalkable(map.spawns[0].x, map.spawns[0].y)).toBe(true);
    });
  }

  it('tuxemon town: the player spawns at the Spawn Point (352, 1216 px → tile 11, 38) and the layers read as authored', async () => {
    const map = await loadTiledMap(`${FIXTURES}tuxemon/tilemaps/tuxemon-town.json`, readTextFile);
    expect(map.spawns).toEqual([
      { type: 'player', x: 11, y: 38, name: 'Spawn Point', properties: {}, objectId: 275 },
    ]);
    expect(map.layers.map((l) => [l.name, l.kind, l.visible, l.collision])).toEqual([
      ['Below Player', 'tile', true, false],
      ['World', 'tile', true, false],
      ['Above Player', 'tile', true, false],
      ['Objects', 'object', false, false],
    ]);
    expect(map.properties).toEqual({ edges: 'clamped' });
    expect(map.tilesetImages).toEqual([
      {
        name: 'tuxmon-sample-32px-extruded',
        url: `${FIXTURES}tuxemon/tilesets/tuxmon-sample-32px-extruded.png`,
      },
    ]);
  });

  it('one-way: ge_collide_down tiles can be left downwards but not entered from below (grid-engine meaning)', async () => {
    const map = await loadTiledMap(`${FIXTURES}grid-engine/one-way.json`, readTextFile);
    const raw = JSON.parse(readFileSync(`${FIXTURES}grid-engine/one-way.json`, 'utf8'));
    const oneWay = new Set<number>(
      raw.tilesets[0].tiles
        .filter((t: { properties?: { name: string; value: unknown }[] }) =>
          t.properties?.some((p) => p.name === 'ge_collide_down' && p.value === true),
        )
        .map((t: { id: number }) => t.id + 1),
    );
    const cells: number[] = [];
    for (const layer of raw.layers) {
      layer.data.forEach((gid: number, i: number) => {
        if (oneWay.has(gid)) cells.push(i);
      });
    }
    expect(cells.length).toBeGreaterThan(0);
    const nav = map.nav;
    for (const i of cells) {
      const x = i % nav.width;
      const y = Math.floor(i / nav.width);
      // From the tile below, walking up into the one-way tile is forbidden…
      expect(nav.canStep(x, y + 1, Dir.N)).toBe(false);
      // …but walking down out of it is allowed.
      expect(nav.canStep(x, y, Dir.S)).toBe(nav.isWalkable(x, y + 1));
    }
    expect(nav.directedCells).toBe(cells.length);
  });

  it("tile-costs: grid-engine's liana (ge_cost_down 4) costs 4 a tile climbing up and 1 climbing down, as its docs say", async () => {
    const map = await loadTiledMap(`${FIXTURES}grid-engine/tile-costs.json`, readTextFile);
    expect(map.warnings).toEqual([]);
    const nav = map.nav;
    const at = (x: number, y: number) => y * nav.width + x;
    // The liana hangs over the wall at x = 16, rows 9–11; a plain gap at x = 11 is the other way through.
    for (const y of [9, 10, 11]) {
      expect(nav.stepCost(at(16, y), Dir.N)).toBe(4);
      expect(nav.stepCost(at(16, y), Dir.S)).toBe(1);
      expect(nav.stepCost(at(11, y), Dir.N)).toBe(1);
    }
    expect(nav.directionCostCells).toBe(3);
    const planner = new PathPlanner(nav);
    const up = planner.find({ start: at(16, 12), goal: at(16, 8) });
    const down = planner.find({ start: at(16, 8), goal: at(16, 12) });
    // Up the liana: 3 tiles at 4 and one step onto the ledge, 13, cheaper than round by the gap (14).
    expect(up.cost).toBeCloseTo(13, 9);
    expect(up.path.slice(0, 3)).toEqual([at(16, 11), at(16, 10), at(16, 9)]);
    expect(down.cost).toBeCloseTo(4, 9);
    // Twice as dear a climb and the gap wins.
    for (const y of [9, 10, 11]) nav.setEntryCost(16, y, Dir.N, 8);
    const around = planner.find({ start: at(16, 12), goal: at(16, 8) });
    expect(around.path).toContain(at(11, 10));
  });

  it('the isometric grid-engine map is refused with one sentence naming the file', async () => {
    const file = `${FIXTURES}grid-engine/isometric.json`;
    const err = await loadTiledMap(file, readTextFile).catch((e) => e);
    expect(err).toBeInstanceOf(MapLoadError);
    expect(err.message).toMatch(/isometric\.json: this map is isometric/);
    expect(err.message.split('. ').length).toBe(1);
  });
});
