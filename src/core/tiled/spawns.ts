import type { NavGrid } from '../grid/index.ts';
import { isObject, type Json } from './json.ts';
import type { FlatLayer } from './layers.ts';
import { mapError } from './MapLoadError.ts';
import { objectShape, shapeBox, shapeCentre, shapeCovers } from './objectShape.ts';
import { prop, readProperties } from './properties.ts';
import type { GridBounds } from './tileData.ts';
import type { Exit, Spawn } from './types.ts';

/** A number of seconds ≥ 0 as a Tiled property holds it (a float, int or numeric string), else undefined. */
export function seconds(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * Names and classes that mark where the player starts when no object has the class `player`: the conventions of
 * Phaser's tilemap tutorials (`Spawn Point`), Tiled's own RPG example (class `start`) and common templates
 * (`player-start`, `PlayerStart`, `player_start`). Compared lower-cased, `-` and `_` read as spaces.
 */
const START_NAMES = new Set([
  'player',
  'player start',
  'playerstart',
  'player spawn',
  'start',
  'starting point',
  'spawn point',
  'spawn',
]);

function startName(s: string): boolean {
  return START_NAMES.has(
    s
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' '),
  );
}

interface Placement {
  bounds: GridBounds;
  tileWidth: number;
  tileHeight: number;
  file: string;
}

/** An object's class (Tiled ≥ 1.9) or type (older Tiled), lower-cased. */
function classOf(o: Json): string {
  const c =
    typeof o.class === 'string' && o.class !== '' ? o.class : typeof o.type === 'string' ? o.type : '';
  return c.trim().toLowerCase();
}

function nameOf(o: Json): string {
  return typeof o.name === 'string' ? o.name : '';
}

function label(o: Json, layer: FlatLayer): string {
  const name = nameOf(o);
  return `object ${name ? `"${name}" ` : ''}(id ${typeof o.id === 'number' ? o.id : '?'}) in layer "${layer.name}"`;
}

/** The grid cell under the object's centre; a MapLoadError when that lies outside the map. */
function cellUnder(o: Json, layer: FlatLayer, p: Placement, role: string): { x: number; y: number } {
  const c = shapeCentre(objectShape(o));
  const x = Math.floor(c.x / p.tileWidth) - p.bounds.originX;
  const y = Math.floor(c.y / p.tileHeight) - p.bounds.originY;
  if (!(x >= 0 && y >= 0 && x < p.bounds.width && y < p.bounds.height)) {
    throw mapError(p.file, `${label(o, layer)} is ${role} outside the map, at tile (${x}, ${y})`);
  }
  return { x, y };
}

/** Whether tile (x, y) is drawn over by a roof or treetop (a visible `Above` layer holds a tile there). */
export type Hidden = (x: number, y: number) => boolean;

/**
 * Spawns: objects of class/type `player` or `enemy`; without a `player` object, the first object whose class or
 * name is a start name (START_NAMES: `player-start`, `start`, `Spawn Point`…); without either, the walkable
 * tile nearest the map's centre. The player comes first, always exactly one. A spawn on a blocked tile moves
 * to the nearest walkable one (with a warning), so the game never starts anyone inside a wall; one that is in
 * sight when there is one (not under a roof), so nobody starts where nobody can see it.
 */
export function findSpawns(
  layers: readonly FlatLayer[],
  nav: NavGrid,
  p: Placement,
  warnings: string[],
  hidden: Hidden = () => false,
): Spawn[] {
  const players: Spawn[] = [];
  const enemies: Spawn[] = [];
  let named: Spawn | undefined;
  for (const layer of layers) {
    if (layer.kind !== 'object' || !Array.isArray(layer.raw.objects)) continue;
    for (const o of layer.raw.objects) {
      if (!isObject(o)) continue;
      const cls = classOf(o);
      const isNamed = !named && cls !== 'enemy' && (startName(cls) || startName(nameOf(o)));
      if (cls !== 'player' && cls !== 'enemy' && !isNamed) continue;
      const type = cls === 'enemy' ? 'enemy' : 'player';
      const at = cellUnder(o, layer, p, type === 'enemy' ? 'an enemy spawn' : 'a player spawn');
      const spawn: Spawn = { type, ...at, name: nameOf(o), properties: readProperties(o.properties) };
      const back = spawn.properties.respawn;
      if (type === 'enemy' && back !== undefined) {
        const n = seconds(back);
        if (n === undefined)
          throw mapError(
            p.file,
            `the enemy spawn ${label(o, layer)} has "respawn" ${JSON.stringify(back)}; it must be a number of seconds ≥ 0 (0: never back)`,
          );
        spawn.properties.respawn = n;
      }
      if (typeof o.id === 'number') spawn.objectId = o.id;
      if (cls === 'player') players.push(spawn);
      else if (cls === 'enemy') enemies.push(spawn);
      else named = spawn;
    }
  }
  if (players.length > 1) {
    warnings.push(
      `${p.file}: ${players.length} objects have the class "player"; the first, at (${players[0].x}, ${players[0].y}), is the player's spawn.`,
    );
  }
  let player = players[0] ?? named;
  if (!player) {
    const at = nearestWalkable(nav, (nav.width - 1) / 2, (nav.height - 1) / 2, hidden);
    if (!at) throw mapError(p.file, 'no tile is walkable, so there is nowhere to start the player');
    player = { type: 'player', ...at, name: '', properties: {} };
  }
  const out = [player, ...enemies];
  for (const s of out) {
    if (nav.isWalkable(s.x, s.y)) continue;
    const at = nearestWalkable(nav, s.x, s.y, hidden);
    if (!at) throw mapError(p.file, 'no tile is walkable, so there is nowhere to start the player');
    warnings.push(
      `${p.file}: the ${s.type} spawn${s.name ? ` "${s.name}"` : ''} at (${s.x}, ${s.y}) is on a blocked tile; it starts at (${at.x}, ${at.y}) instead.`,
    );
    s.x = at.x;
    s.y = at.y;
  }
  return out;
}

/**
 * The walkable cell nearest (cx, cy) by straight-line distance, ties to the first in row order: one in sight
 * (not `hidden`) when the map has any, a hidden one only when every walkable cell is.
 */
export function nearestWalkable(
  nav: NavGrid,
  cx: number,
  cy: number,
  hidden: Hidden = () => false,
): { x: number; y: number } | undefined {
  let best = -1;
  let bestD = Infinity;
  let covered = -1;
  let coveredD = Infinity;
  for (let y = 0, i = 0; y < nav.height; y++) {
    for (let x = 0; x < nav.width; x++, i++) {
      if (!nav.walkable[i]) continue;
      const d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
      if (d >= bestD) continue;
      if (hidden(x, y)) {
        if (d < coveredD) {
          coveredD = d;
          covered = i;
        }
        continue;
      }
      bestD = d;
      best = i;
    }
  }
  if (best < 0) best = covered;
  return best < 0 ? undefined : { x: best % nav.width, y: Math.floor(best / nav.width) };
}

/**
 * Exits: objects of class/type `exit` with a `map` property naming the next map (optional `x`, `y`: the arrival
 * tile there). An exit covers the tiles whose centres it covers, or the tile under its centre when it is smaller
 * than a tile or a point.
 */
export function findExits(layers: readonly FlatLayer[], p: Placement, warnings: string[]): Exit[] {
  const exits: Exit[] = [];
  for (const layer of layers) {
    if (layer.kind !== 'object' || !Array.isArray(layer.raw.objects)) continue;
    for (const o of layer.raw.objects) {
      if (!isObject(o) || classOf(o) !== 'exit') continue;
      const props = readProperties(o.properties);
      const target = prop(props, 'map');
      if (typeof target !== 'string' || target.trim() === '') {
        warnings.push(
          `${p.file}: the exit ${label(o, layer)} has no "map" property naming the map it leads to; it is ignored.`,
        );
        continue;
      }
      const exit: Exit = {
        ...coveredTiles(o, layer, p),
        map: target.trim(),
        name: nameOf(o),
        properties: props,
      };
      const toX = prop(props, 'x');
      const toY = prop(props, 'y');
      if (
        typeof toX === 'number' &&
        typeof toY === 'number' &&
        Number.isInteger(toX) &&
        Number.isInteger(toY)
      ) {
        exit.toX = toX;
        exit.toY = toY;
      } else if (toX !== undefined || toY !== undefined) {
        warnings.push(
          `${p.file}: the exit ${label(o, layer)} needs whole-number "x" and "y" for its arrival tile; the next map's own spawn is used.`,
        );
      }
      exits.push(exit);
    }
  }
  return exits;
}

function coveredTiles(o: Json, layer: FlatLayer, p: Placement) {
  const shape = objectShape(o);
  const box = shapeBox(shape);
  const { bounds, tileWidth: tw, tileHeight: th } = p;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const gx0 = Math.max(0, Math.ceil(box.x0 / tw - 0.5) - bounds.originX);
  const gy0 = Math.max(0, Math.ceil(box.y0 / th - 0.5) - bounds.originY);
  const gx1 = Math.min(bounds.width - 1, Math.floor(box.x1 / tw - 0.5) - bounds.originX);
  const gy1 = Math.min(bounds.height - 1, Math.floor(box.y1 / th - 0.5) - bounds.originY);
  for (let gy = gy0; gy <= gy1; gy++) {
    for (let gx = gx0; gx <= gx1; gx++) {
      if (!shapeCovers(shape, (gx + bounds.originX + 0.5) * tw, (gy + bounds.originY + 0.5) * th)) continue;
      x0 = Math.min(x0, gx);
      y0 = Math.min(y0, gy);
      x1 = Math.max(x1, gx);
      y1 = Math.max(y1, gy);
    }
  }
  if (x0 === Infinity) {
    const at = cellUnder(o, layer, p, 'an exit');
    return { x: at.x, y: at.y, width: 1, height: 1 };
  }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}
