import { NavGrid } from '../grid/index.ts';
import { isObject } from './json.ts';
import type { FlatLayer } from './layers.ts';
import { objectShape, shapeBox, shapeCovers } from './objectShape.ts';
import { GID_MASK, type GridBounds } from './tileData.ts';
import { findTileset, type TilesetEntry } from './tilesets.ts';

/**
 * The collision rule for map authors (docs/maps.md, "Collision rule for map authors"):
 * - a cell is blocked when any tile layer holds there a tile whose properties say `collides` (or grid-engine's
 *   `ge_collide`) is true; a tileset property `collides` is the default for its tiles that do not say;
 * - or a collision layer (named `Collision`/`Collisions` in any case, inside such a group, or with the layer
 *   property `collides` true) holds any tile there, or has a rectangle, ellipse, polygon or tile object covering
 *   the cell's centre (tile objects anchor bottom-left);
 * - or no tile layer holds any tile there: there is nothing to stand on.
 * Hidden layers count: collision layers are usually hidden.
 * A tile property `cost` (or `ge_cost`, a number ≥ 1) makes entering the cell cost that many steps; the highest
 * over all layers wins. grid-engine's `ge_cost_<side>` is the cost of entering the tile from that side, in place
 * of its own cost (the dearest over all layers wins, per side). `ge_collide_<side>` forbids entering the tile
 * from that side (see tilesets.ts).
 */
export function buildNavGrid(
  layers: readonly FlatLayer[],
  gidsByLayer: readonly (Uint32Array | null)[],
  tilesets: readonly TilesetEntry[],
  bounds: GridBounds,
  tileWidth: number,
  tileHeight: number,
): NavGrid {
  const { width, height } = bounds;
  const size = width * height;
  const ground = new Uint8Array(size);
  const blocked = new Uint8Array(size);
  const noEnter = new Uint8Array(size);
  let cost: Float64Array | null = null;
  // Cells under a tile with direction costs: per direction of entry, the dearest such tile's cost there.
  let entry: Float64Array | null = null;

  for (let l = 0; l < layers.length; l++) {
    const layer = layers[l];
    const gids = gidsByLayer[l];
    if (gids) {
      let lastGid = -1;
      let ts: TilesetEntry | undefined;
      for (let i = 0; i < size; i++) {
        const gid = gids[i] & GID_MASK;
        if (gid === 0) continue;
        ground[i] = 1;
        if (layer.collision) {
          blocked[i] = 1;
          continue;
        }
        if (gid !== lastGid) {
          ts = tilesets[findTileset(tilesets, gid)];
          lastGid = gid;
        }
        if (!ts) continue;
        const id = gid - ts.firstgid;
        if (id >= ts.collides.length) {
          if (ts.allCollide) blocked[i] = 1;
          continue;
        }
        if (ts.collides[id]) blocked[i] = 1;
        noEnter[i] |= ts.noEnter[id];
        if (ts.entry !== null && ts.entry[id * 8] > 0) {
          entry ??= new Float64Array(size * 8);
          for (let d = 0; d < 8; d++) entry[i * 8 + d] = Math.max(entry[i * 8 + d], ts.entry[id * 8 + d]);
          continue;
        }
        const c = ts.cost ? ts.cost[id] : 0;
        if (c > 1) {
          cost ??= new Float64Array(size).fill(1);
          if (c > cost[i]) cost[i] = c;
        }
      }
    } else if (layer.kind === 'object' && layer.collision) {
      blockUnderObjects(layer, bounds, tileWidth, tileHeight, blocked);
    }
  }

  const grid = new NavGrid(width, height);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (ground[i] && !blocked[i]) grid.setWalkable(x, y, true);
      if (entry && entry[i * 8] > 0) setEntryCosts(grid, x, y, i, entry, cost ? cost[i] : 1);
      else if (cost && cost[i] > 1) grid.setCost(x, y, cost[i]);
      const m = noEnter[i];
      if (m) for (let d = 0; d < 8; d++) if ((m >> d) & 1) grid.setEntryBlocked(x, y, d, true);
    }
  }
  return grid;
}

function blockUnderObjects(
  layer: FlatLayer,
  bounds: GridBounds,
  tileWidth: number,
  tileHeight: number,
  blocked: Uint8Array,
): void {
  const objects = Array.isArray(layer.raw.objects) ? layer.raw.objects : [];
  for (const o of objects) {
    if (!isObject(o)) continue;
    const shape = objectShape(o);
    const box = shapeBox(shape);
    // Cells whose centre can lie inside the box, clamped to the grid.
    const gx0 = Math.max(0, Math.ceil(box.x0 / tileWidth - 0.5) - bounds.originX);
    const gy0 = Math.max(0, Math.ceil(box.y0 / tileHeight - 0.5) - bounds.originY);
    const gx1 = Math.min(bounds.width - 1, Math.floor(box.x1 / tileWidth - 0.5) - bounds.originX);
    const gy1 = Math.min(bounds.height - 1, Math.floor(box.y1 / tileHeight - 0.5) - bounds.originY);
    for (let gy = gy0; gy <= gy1; gy++) {
      const py = (gy + bounds.originY + 0.5) * tileHeight;
      for (let gx = gx0; gx <= gx1; gx++) {
        if (shapeCovers(shape, (gx + bounds.originX + 0.5) * tileWidth, py))
          blocked[gy * bounds.width + gx] = 1;
      }
    }
  }
}

/**
 * A cell under a tile with direction costs: entering it from each side costs the dearest of that tile's cost
 * from that side and the other layers' tiles' costs. Equal from every side, it is a plain cell cost; otherwise
 * the cell's own cost stays 1 and each direction carries its whole cost (exact, no division).
 */
function setEntryCosts(
  grid: NavGrid,
  x: number,
  y: number,
  i: number,
  entry: Float64Array,
  others: number,
): void {
  const first = Math.max(entry[i * 8], others);
  let same = true;
  for (let d = 1; d < 8; d++) if (Math.max(entry[i * 8 + d], others) !== first) same = false;
  if (same) {
    if (first > 1) grid.setCost(x, y, first);
    return;
  }
  for (let d = 0; d < 8; d++) {
    const c = Math.max(entry[i * 8 + d], others);
    if (c !== 1) grid.setEntryCost(x, y, d, c);
  }
}
