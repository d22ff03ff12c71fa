import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { gzipSync, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadTiledMap, MapLoadError } from '../../../src/core/tiled/index.ts';
import { memoryReader, tinyMap } from './memoryReader.ts';

type Node = unknown;
const DIR = fileURLToPath(new URL('../../fixtures/tiled/', import.meta.url));

const base64 = (gids: number[], pack?: (b: Uint8Array) => Uint8Array) => {
  const raw = new Uint8Array(new Uint32Array(gids).buffer);
  return Buffer.from(pack ? pack(raw) : raw).toString('base64');
};

/** A small map using most of what the loader reads: every encoding but zstd, groups, objects, an external tileset. */
function richMap(): { map: Record<string, unknown>; tileset: Record<string, unknown> } {
  const rows = [
    [1, 1, 2, 1, 1, 1],
    [1, 3, 1, 1, 0, 1],
    [1, 1, 1, 4, 1, 1],
    [1, 1, 1, 1, 1, 1],
  ];
  const map = tinyMap(rows);
  const flat = rows.flat();
  const layers = map.layers as Record<string, unknown>[];
  layers.push(
    {
      id: 2,
      name: 'Deco',
      type: 'tilelayer',
      width: 6,
      height: 4,
      encoding: 'base64',
      compression: 'zlib',
      data: base64(
        flat.map((g) => (g === 1 ? 0 : 9 + (g % 3))),
        zlibSync,
      ),
      visible: true,
      opacity: 1,
      x: 0,
      y: 0,
    },
    {
      id: 3,
      name: 'Group',
      type: 'group',
      layers: [
        {
          id: 4,
          name: 'Collision',
          type: 'tilelayer',
          width: 6,
          height: 4,
          encoding: 'base64',
          compression: 'gzip',
          data: base64([0, 0, 0, 0, 0, 1, ...new Array(18).fill(0)], (b) => gzipSync(b, { mtime: 0 })),
          visible: false,
          opacity: 1,
          x: 0,
          y: 0,
        },
        {
          id: 5,
          name: 'Roof',
          type: 'tilelayer',
          width: 6,
          height: 4,
          encoding: 'base64',
          data: base64(new Array(24).fill(0).map((_, i) => (i === 7 ? 0x80000002 : 0))),
          visible: true,
          opacity: 1,
          x: 0,
          y: 0,
          properties: [{ name: 'above', type: 'bool', value: true }],
        },
      ],
    },
    {
      id: 6,
      name: 'Objects',
      type: 'objectgroup',
      objects: [
        { id: 1, name: 'spawn', type: '', x: 40, y: 40, width: 0, height: 0, point: true, rotation: 0 },
        {
          id: 2,
          name: 'Bat',
          class: 'enemy',
          x: 70,
          y: 20,
          width: 10,
          height: 10,
          rotation: 30,
          properties: [{ name: 'aggro', type: 'int', value: 5 }],
        },
        { id: 8, template: 'imp.tj', x: 24, y: 40, properties: [{ name: 'leash', type: 'int', value: 4 }] },
        {
          id: 3,
          name: 'Door',
          class: 'exit',
          x: 80,
          y: 48,
          width: 16,
          height: 16,
          rotation: 0,
          properties: [
            { name: 'map', type: 'string', value: 'next' },
            { name: 'x', type: 'int', value: 1 },
            { name: 'y', type: 'int', value: 2 },
          ],
        },
      ],
    },
    {
      id: 7,
      name: 'Walls',
      type: 'objectgroup',
      properties: [{ name: 'collides', type: 'bool', value: true }],
      objects: [
        { id: 4, x: 0, y: 0, width: 20, height: 10, rotation: 0 },
        { id: 5, gid: 3, x: 16, y: 64, width: 16, height: 16, rotation: 90 },
        { id: 6, x: 48, y: 16, width: 16, height: 16, ellipse: true },
        {
          id: 7,
          x: 64,
          y: 48,
          polygon: [
            { x: 0, y: 0 },
            { x: 16, y: 0 },
            { x: 0, y: 16 },
          ],
        },
      ],
    },
  );
  (map.tilesets as unknown[]).push({ firstgid: 9, source: 'ext.tsj' });
  const tileset = {
    name: 'ext',
    image: '../img/ext.png',
    tilewidth: 16,
    tileheight: 16,
    tilecount: 4,
    columns: 4,
    margin: 0,
    spacing: 0,
    tiles: [
      { id: 0, properties: [{ name: 'cost', type: 'float', value: 2.5 }] },
      {
        id: 1,
        properties: [
          { name: 'ge_collide_left', type: 'bool', value: true },
          { name: 'ge_cost', type: 'int', value: 3 },
        ],
      },
    ],
  };
  return { map, tileset };
}

// A 16 × 16 corner of the Tuxemon town in zstd; its tileset keeps only the tiles that corner uses, so each
// run mutates (and reads) a small tree.
const impTemplate = {
  type: 'template',
  object: {
    name: 'Imp',
    class: 'enemy',
    width: 16,
    height: 16,
    properties: [{ name: 'speed', type: 'float', value: 2 }],
  },
};

const small = JSON.parse(readFileSync(`${DIR}encodings/small-zstd.tmj`, 'utf8'));
small.tilesets[0].tiles = small.tilesets[0].tiles.filter(
  (t: { id: number }) => [0, 1, 2, 25, 26, 27, 49, 50, 51, 173, 125].includes(t.id) || t.id % 97 === 0,
);

/** Every (container, key) in a JSON tree, so a mutation can land anywhere. */
function slots(root: Node): [Record<string | number, unknown>, string | number][] {
  const out: [Record<string | number, unknown>, string | number][] = [];
  const walk = (n: Node) => {
    if (Array.isArray(n)) {
      // Long data arrays: a few slots, not hundreds, so mutations spread over the whole structure.
      const step = Math.max(1, Math.floor(n.length / 8));
      for (let i = 0; i < n.length; i += step) {
        out.push([n as unknown as Record<number, unknown>, i]);
        walk(n[i]);
      }
    } else if (n && typeof n === 'object') {
      for (const k of Object.keys(n)) {
        out.push([n as Record<string, unknown>, k]);
        walk((n as Record<string, unknown>)[k]);
      }
    }
  };
  walk(root);
  return out;
}

const nasty = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    2 ** 31,
    2 ** 32,
    0x7fffffff,
    2e9,
    -2e9,
    1e300,
    0.5,
    '',
    'zstd',
    'base64',
    'csv',
    'gzip',
    'zlib',
    'infinite',
    null,
    true,
    false,
    [],
    {},
    'isometric',
    'group',
    'objectgroup',
    'tilelayer',
  ),
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer(),
  fc.string(),
);

const mutation = fc.record({
  slot: fc.nat(),
  kind: fc.constantFrom('set', 'delete', 'flipChar', 'truncate', 'duplicate'),
  value: nasty,
  at: fc.nat(),
});

function mutate(root: Node, m: { slot: number; kind: string; value: unknown; at: number }): void {
  const all = slots(root);
  if (all.length === 0) return;
  const [container, key] = all[m.slot % all.length];
  const old = container[key];
  if (m.kind === 'delete') {
    if (Array.isArray(container)) container.splice(key as number, 1);
    else delete container[key];
  } else if (m.kind === 'flipChar' && typeof old === 'string' && old.length > 0) {
    const i = m.at % old.length;
    container[key] =
      old.slice(0, i) + String.fromCharCode((old.charCodeAt(i) + 1 + (m.at % 60)) % 128) + old.slice(i + 1);
  } else if (m.kind === 'truncate' && (typeof old === 'string' || Array.isArray(old))) {
    container[key] = old.slice(0, m.at % (old.length + 1));
  } else if (m.kind === 'duplicate' && Array.isArray(container)) {
    container.splice(key as number, 0, structuredClone(old));
  } else container[key] = structuredClone(m.value);
}

describe('fuzz: a mutated map either loads sound or is refused with a MapLoadError', () => {
  it('the unmutated seed maps load, with every feature they exercise', async () => {
    const { map, tileset } = richMap();
    const files = { 'maps/m.tmj': map, 'maps/ext.tsj': tileset, 'maps/imp.tj': impTemplate };
    const rich = await loadTiledMap('maps/m.tmj', memoryReader(files));
    expect(rich.spawns.map((s) => [s.type, s.name])).toEqual([
      ['player', 'spawn'],
      ['enemy', 'Bat'],
      ['enemy', 'Imp'],
    ]);
    expect(rich.exits).toHaveLength(1);
    expect(rich.nav.nonUnitCostCells).toBeGreaterThan(0);
    expect(rich.nav.directedCells).toBeGreaterThan(0);
    const zstd = await loadTiledMap('maps/m.tmj', memoryReader({ 'maps/m.tmj': small }));
    expect([zstd.width, zstd.height]).toEqual([16, 16]);
  });

  it('1,500 mutated maps (CSV, base64, zlib, gzip, zstd, groups, objects, external tileset, template)', async () => {
    let slowest = 0;
    let loaded = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('rich', 'zstd'),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (which, muts, inTileset) => {
          const { map, tileset } =
            which === 'rich' ? richMap() : { map: structuredClone(small), tileset: {} };
          const template = structuredClone(impTemplate);
          // Mutations land in the map, or (for the rich map) in its external tileset or its enemy template.
          const target = inTileset && which === 'rich' ? (muts.length % 2 ? tileset : template) : map;
          for (const m of muts) mutate(target, m);
          const started = performance.now();
          try {
            const result = await loadTiledMap(
              'maps/m.tmj',
              memoryReader({ 'maps/m.tmj': map, 'maps/ext.tsj': tileset, 'maps/imp.tj': template }),
            );
            loaded++;
            // Sound: grid matches the size, exactly one player, first, on a walkable tile; everything in bounds.
            expect(result.nav.width).toBe(result.width);
            expect(result.nav.height).toBe(result.height);
            expect(result.spawns.filter((s) => s.type === 'player')).toHaveLength(1);
            expect(result.spawns[0].type).toBe('player');
            for (const s of result.spawns) expect(result.nav.isWalkable(s.x, s.y)).toBe(true);
            for (const e of result.exits) expect(result.nav.inBounds(e.x, e.y)).toBe(true);
            for (const layer of result.normalized.layers) {
              if (layer.type === 'tilelayer') expect(layer.data).toHaveLength(result.width * result.height);
            }
          } catch (e) {
            if (!(e instanceof MapLoadError)) throw e;
            expect(e.message).toMatch(/^maps\/(m\.tmj|ext\.tsj|imp\.tj): .*\.$/s);
            expect(e.message).not.toContain('\n');
          } finally {
            const took = performance.now() - started;
            if (took > slowest) {
              slowest = took;
              if (took > 50) console.log('slow', took, JSON.stringify(muts).slice(0, 300), which, inTileset);
            }
          }
        },
      ),
      { numRuns: 1500, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
    );
    console.log(
      `tiled fuzz: 1500 runs, ${loaded} loaded, the rest refused; slowest run ${slowest.toFixed(1)} ms`,
    );
    expect(loaded).toBeGreaterThan(100);
  });
});
