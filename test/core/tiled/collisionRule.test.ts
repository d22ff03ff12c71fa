import { describe, expect, it } from 'vitest';
import { Dir } from '../../../src/core/grid/index.ts';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import { gridRows, memoryReader, tinyMap } from './memoryReader.ts';

const load = (map: object, files: Record<string, object | string> = {}) =>
  loadTiledMap('m.tmj', memoryReader({ 'm.tmj': map, ...files }));

type Layer = Record<string, unknown>;
const layersOf = (map: Record<string, unknown>) => map.layers as Layer[];
const tilesOf = (map: Record<string, unknown>) => (map.tilesets as { tiles: unknown[] }[])[0];
const bool = (name: string, value = true) => ({ name, type: 'bool', value });

function tileLayer(name: string, data: number[], extra: Layer = {}): Layer {
  return {
    name,
    type: 'tilelayer',
    width: 4,
    height: 2,
    x: 0,
    y: 0,
    opacity: 1,
    visible: true,
    data,
    ...extra,
  };
}
function objectLayer(name: string, objects: Layer[], extra: Layer = {}): Layer {
  return {
    name,
    type: 'objectgroup',
    x: 0,
    y: 0,
    opacity: 1,
    visible: true,
    draworder: 'topdown',
    objects,
    ...extra,
  };
}
const ground = () =>
  tinyMap([
    [1, 1, 1, 1],
    [1, 1, 1, 1],
  ]);

describe('the collision rule map authors read in docs/maps.md', () => {
  it('a tile whose tileset says collides (or ge_collide) blocks, on any tile layer, hidden ones too', async () => {
    const map = ground();
    tilesOf(map).tiles = [
      { id: 1, properties: [bool('collides')] },
      { id: 2, properties: [bool('ge_collide')] },
      { id: 3, properties: [bool('collides', false), bool('ge_collide', false)] },
    ];
    layersOf(map).push(tileLayer('Props', [2, 0, 3, 4, 0, 0, 0, 0], { visible: false }));
    expect(gridRows((await load(map)).nav)).toEqual(['#.#.', '....']);
  });

  it("Excalibur's solid: a tile, a tileset, a tile layer or an object layer with the bool solid = true blocks", async () => {
    const tiles = ground();
    tilesOf(tiles).tiles = [
      { id: 1, properties: [bool('solid')] },
      { id: 2, properties: [bool('solid', false)] },
    ];
    layersOf(tiles).push(tileLayer('Props', [2, 3, 0, 0, 0, 0, 0, 0]));
    expect(gridRows((await load(tiles)).nav)).toEqual(['#...', '....']);

    const tileset = ground();
    (tileset.tilesets as Layer[])[0].properties = [bool('solid')];
    tilesOf(tileset).tiles = [{ id: 3, properties: [bool('solid', false)] }];
    layersOf(tileset)[0].data = [4, 4, 4, 4, 4, 1, 1, 1];
    expect(gridRows((await load(tileset)).nav)).toEqual(['....', '.###']);

    const layers = ground();
    layersOf(layers).push(tileLayer('City walls', [0, 0, 5, 0, 0, 0, 0, 0], { properties: [bool('solid')] }));
    layersOf(layers).push(
      objectLayer('Solid', [{ id: 1, x: 0, y: 16, width: 16, height: 16 }], { properties: [bool('solid')] }),
    );
    layersOf(layers).push(
      tileLayer('Not solid', [0, 0, 0, 5, 0, 0, 0, 0], { properties: [bool('solid', false)] }),
    );
    const loaded = await load(layers);
    expect(gridRows(loaded.nav)).toEqual(['..#.', '#...']);
    expect(loaded.layers.map((l) => l.collision)).toEqual([false, true, true, false]);
  });

  it('a tileset-wide collides is the default for its tiles that do not say otherwise', async () => {
    const map = ground();
    (map.tilesets as Layer[])[0].properties = [bool('collides')];
    tilesOf(map).tiles = [{ id: 0, properties: [bool('collides', false)] }];
    layersOf(map)[0].data = [1, 2, 1, 3, 1, 1, 1, 1];
    expect(gridRows((await load(map)).nav)).toEqual(['.#.#', '....']);
  });

  it('pre-1.2 maps: tileproperties keyed by tile id', async () => {
    const map = ground();
    const ts = (map.tilesets as Layer[])[0];
    delete ts.tiles;
    ts.tileproperties = { '0': { collides: true } };
    layersOf(map)[0].data = [1, 2, 2, 1, 2, 2, 2, 2];
    expect(gridRows((await load(map)).nav)).toEqual(['#..#', '....']);
  });

  it('a collision layer (Collision/Collisions in any case, or property collides) blocks wherever it holds any tile', async () => {
    for (const extra of [
      { name: 'COLLISIONS' },
      { name: 'collision' },
      { name: 'walls', properties: [bool('collides')] },
    ]) {
      const map = ground();
      layersOf(map).push(tileLayer('x', [0, 5, 0, 0, 0, 0, 0, 6], { visible: false, ...extra }));
      const loaded = await load(map);
      expect(gridRows(loaded.nav)).toEqual(['.#..', '...#']);
      expect(loaded.layers[1].collision).toBe(true);
    }
  });

  it('a group named Collision makes its layers collision layers', async () => {
    const map = ground();
    layersOf(map).push({
      name: 'Collision',
      type: 'group',
      layers: [tileLayer('a', [0, 0, 0, 0, 5, 0, 0, 0])],
    });
    const loaded = await load(map);
    expect(gridRows(loaded.nav)).toEqual(['....', '#...']);
    expect(loaded.layers[1]).toMatchObject({ name: 'Collision/a', collision: true });
  });

  it('collision object layers: rectangles, tile objects (anchored bottom-left), rotated, ellipses, polygons cover cell centres', async () => {
    const map = tinyMap([
      [1, 1, 1, 1, 1, 1],
      [1, 1, 1, 1, 1, 1],
      [1, 1, 1, 1, 1, 1],
    ]);
    layersOf(map).push(
      objectLayer('Collisions', [
        // Covers the centre of (0, 0) only: centres are at 8 px, this spans 4..12.
        { id: 1, x: 4, y: 4, width: 8, height: 8, rotation: 0 },
        // A tile object at y=48 (its bottom edge) covers row 2, not row 3.
        { id: 2, gid: 1, x: 16, y: 48, width: 16, height: 16, rotation: 0 },
        // Too small to reach any centre: blocks nothing.
        { id: 3, x: 34, y: 2, width: 4, height: 4, rotation: 0 },
        // 32 × 16 rotated 90° clockwise about its top-left (64, 0): it now covers x 48..64, y 0..32.
        { id: 4, x: 64, y: 0, width: 32, height: 16, rotation: 90 },
        // An ellipse whose box covers (4..5, 2) but whose curve only reaches the centre of (4, 2)… and (5, 2).
        { id: 5, x: 64, y: 32, width: 32, height: 16, ellipse: true },
        // A triangle covering the centre of (2, 1) but not (3, 1).
        {
          id: 6,
          x: 32,
          y: 16,
          polygon: [
            { x: 0, y: 0 },
            { x: 20, y: 0 },
            { x: 0, y: 20 },
          ],
        },
        // Points and polylines never block.
        { id: 7, x: 56, y: 24, point: true },
        {
          id: 8,
          x: 0,
          y: 40,
          polyline: [
            { x: 0, y: 0 },
            { x: 90, y: 0 },
          ],
        },
      ]),
    );
    expect(gridRows((await load(map)).nav)).toEqual(['#..#..', '..##..', '.#..##']);
  });

  it('a cell no tile layer holds anything on is blocked: nothing to stand on', async () => {
    const map = tinyMap([
      [1, 0, 1],
      [0, 1, 1],
    ]);
    expect(gridRows((await load(map)).nav)).toEqual(['.#.', '#..']);
  });

  it('cost and ge_cost: entering costs that many steps, the highest over layers wins', async () => {
    const map = ground();
    tilesOf(map).tiles = [
      { id: 2, properties: [{ name: 'cost', type: 'float', value: 2.5 }] },
      { id: 3, properties: [{ name: 'ge_cost', type: 'int', value: 4 }] },
    ];
    layersOf(map)[0].data = [3, 4, 3, 1, 1, 1, 1, 1];
    layersOf(map).push(tileLayer('Mud', [4, 3, 0, 0, 0, 0, 0, 0]));
    const { nav } = await load(map);
    expect(Array.from(nav.cost.slice(0, 4))).toEqual([4, 4, 2.5, 1]);
    expect(nav.nonUnitCostCells).toBe(3);
  });
});

describe("direction costs: grid-engine's ge_cost_<side> is the cost of entering the tile from that side", () => {
  const num = (name: string, value: number) => ({ name, type: 'float', value });
  const sides: [string, number][] = [
    ['up', Dir.S],
    ['up-right', Dir.SW],
    ['right', Dir.W],
    ['down-right', Dir.NW],
    ['down', Dir.N],
    ['down-left', Dir.NE],
    ['left', Dir.E],
    ['up-left', Dir.SE],
  ];
  it.each(sides)(
    'ge_cost_%s prices the step in from that side (a move %i) and no other',
    async (side, move) => {
      const map = ground();
      tilesOf(map).tiles = [{ id: 2, properties: [num(`ge_cost_${side}`, 3)] }];
      layersOf(map)[0].data = [1, 1, 1, 1, 1, 3, 1, 1];
      const { nav } = await load(map);
      for (let d = 0; d < 8; d++) expect(nav.stepCost(5, d), `move ${d}`).toBe(d === move ? 3 : 1);
    },
  );

  it("in place of the tile's own cost on that side; over layers the dearest per side; unknown sides warned", async () => {
    const map = ground();
    tilesOf(map).tiles = [
      { id: 2, properties: [num('ge_cost', 5), num('ge_cost_down', 2), num('ge_cost_north', 9)] },
      { id: 3, properties: [num('cost', 3)] },
    ];
    layersOf(map)[0].data = [3, 3, 1, 1, 1, 1, 1, 1];
    layersOf(map).push(tileLayer('Moss', [0, 4, 0, 0, 0, 0, 0, 0]));
    const loaded = await load(map);
    const { nav } = loaded;
    // Cell 0: entering moving north (from below) costs 2, from anywhere else 5.
    expect([nav.stepCost(0, Dir.N), nav.stepCost(0, Dir.E), nav.stepCost(0, Dir.S)]).toEqual([2, 5, 5]);
    // Cell 1 adds a tile of cost 3 on another layer: north max(2, 3), elsewhere max(5, 3).
    expect([nav.stepCost(1, Dir.N), nav.stepCost(1, Dir.W)]).toEqual([3, 5]);
    expect([nav.directionCostCells, nav.nonUnitCostCells]).toEqual([2, 2]);
    expect(loaded.warnings).toEqual([
      'm.tmj: tileset "tiny" sets "ge_cost_north", but grid-engine\'s sides are up, up-right, right, down-right, down, down-left, left, up-left; it is ignored.',
    ]);
  });
});

describe("directional collision: grid-engine's ge_collide_<side> forbids entering the tile from that side", () => {
  const sides: [string, number][] = [
    ['up', Dir.N],
    ['up-right', Dir.NE],
    ['right', Dir.E],
    ['down-right', Dir.SE],
    ['down', Dir.S],
    ['down-left', Dir.SW],
    ['left', Dir.W],
    ['up-left', Dir.NW],
  ];
  for (const [side, dir] of sides) {
    it(`ge_collide_${side}`, async () => {
      const map = tinyMap([
        [1, 1, 1],
        [1, 2, 1],
        [1, 1, 1],
      ]);
      tilesOf(map).tiles = [{ id: 1, properties: [bool(`ge_collide_${side}`)] }];
      const { nav } = await load(map);
      const DX = [0, 1, 1, 1, 0, -1, -1, -1];
      const DY = [-1, -1, 0, 1, 1, 1, 0, -1];
      // Stepping into the centre tile while moving away from that side (from the neighbour on that side) is
      // refused. NavGrid also refuses a diagonal that could cut past that edge: one whose two orthogonal
      // components include the refused move. Every other way in stays open.
      const refused = (dir + 4) % 8;
      const alsoRefused = refused % 2 === 0 ? [(refused + 7) % 8, (refused + 1) % 8] : [];
      for (let d = 0; d < 8; d++) {
        const intoCentre = nav.canStep(1 - DX[d], 1 - DY[d], d);
        expect([d, intoCentre]).toEqual([d, d !== refused && !alsoRefused.includes(d)]);
      }
      // Leaving the tile is never restricted by its own ge_collide_<side>.
      for (let d = 0; d < 8; d++) expect(nav.canStep(1, 1, d)).toBe(true);
    });
  }
});
