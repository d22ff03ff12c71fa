import { Dir, opposite } from '../grid/index.ts';
import { describe, intField, isObject, type Json } from './json.ts';
import { mapError } from './MapLoadError.ts';
import { isTrue, prop, readProperties } from './properties.ts';
import { resolveRelative } from './resolveRelative.ts';
import { readTsxTileset } from './tsx.ts';
import type { NormalizedTileset, ReadText } from './types.ts';
import type { XmlParser } from './xml.ts';

/** Highest gid Tiled can write once the four flag bits are masked off. */
export const MAX_GID = 0x0fffffff;
/** Highest tile id a tileset may give properties to (keeps the per-tile tables small). */
const MAX_TILE_ID = 1 << 20;

/**
 * grid-engine's `ge_collide_<side>`: a character may not ENTER the tile from its neighbour on that side
 * (grid-engine checks the target tile with the direction pointing back to where the character comes from).
 * So `ge_collide_down` on a tile stops anyone walking up into it from below. Stored as the move directions
 * that may not enter (bit = Dir of the move), which is what NavGrid.setEntryBlocked takes.
 */
const GE_SIDES: Record<string, number> = {
  up: Dir.N,
  'up-right': Dir.NE,
  right: Dir.E,
  'down-right': Dir.SE,
  down: Dir.S,
  'down-left': Dir.SW,
  left: Dir.W,
  'up-left': Dir.NW,
};

/**
 * The bool properties that make a tile block: ours, grid-engine's, and Excalibur's `solid`. A tile that sets any
 * of them blocks when one of them is true; one that sets none follows its tileset's own.
 */
const COLLIDE_KEYS = ['collides', 'ge_collide', 'solid'];

/** What navigation needs to know of each tile of one tileset. */
export interface TilesetEntry {
  firstgid: number;
  /** One past the highest local tile id that exists (tilecount, or more for image collections). */
  span: number;
  name: string;
  /** The file the tileset was read from (the map itself for embedded ones). */
  file: string;
  json: NormalizedTileset;
  /** 1 where a local tile id collides. */
  collides: Uint8Array;
  /** Per local tile id: bit `d` set when a character moving in direction `d` may not enter it. */
  noEnter: Uint8Array;
  /** Per local tile id, the cost of entering (0 when the tile sets none); null when no tile sets a cost. */
  cost: Float64Array | null;
  /**
   * Per local tile id and direction of entry (`id * 8 + dir`), the cost of entering it, for the tiles with
   * grid-engine's `ge_cost_<side>` (0 for the others); null when no tile has any.
   */
  entry: Float64Array | null;
  /** The tileset's own `collides` property: the default for tiles that do not say. */
  allCollide: boolean;
}

export interface LoadedTilesets {
  entries: TilesetEntry[];
  images: { name: string; url: string; tileId?: number }[];
  warnings: string[];
}

/** Loads every tileset of the map (external ones through `readText`, in parallel) and sorts them by firstgid. */
export async function loadTilesets(
  raw: unknown,
  mapUrl: string,
  readText: ReadText,
  xml?: XmlParser,
): Promise<LoadedTilesets> {
  if (raw === undefined) raw = [];
  if (!Array.isArray(raw)) throw mapError(mapUrl, `its "tilesets" is ${describe(raw)}, not a list`);
  const warnings: string[] = [];
  const images: LoadedTilesets['images'] = [];
  const entries = await Promise.all(
    raw.map(async (ref, i) => {
      if (!isObject(ref)) throw mapError(mapUrl, `tileset ${i + 1} is ${describe(ref)}, not an object`);
      const firstgid = intField(ref, 'firstgid', mapUrl, `tileset ${i + 1}`, 1, MAX_GID);
      if (ref.source !== undefined) {
        if (typeof ref.source !== 'string') {
          throw mapError(
            mapUrl,
            `tileset ${i + 1} has a "source" that is ${describe(ref.source)}, not a path`,
          );
        }
        const url = resolveRelative(mapUrl, ref.source);
        const json = await readExternal(url, ref.source, mapUrl, readText, xml);
        return buildEntry(json, firstgid, url, warnings);
      }
      return buildEntry(ref, firstgid, mapUrl, warnings);
    }),
  );
  entries.sort((a, b) => a.firstgid - b.firstgid);
  for (let i = 0; i + 1 < entries.length; i++) {
    entries[i].span = Math.min(entries[i].span, Math.max(1, entries[i + 1].firstgid - entries[i].firstgid));
  }
  for (const e of entries) {
    if (typeof e.json.image === 'string') images.push({ name: e.name, url: e.json.image });
    for (const t of e.json.tiles ?? []) {
      if (typeof t.image === 'string') images.push({ name: e.name, url: t.image, tileId: t.id });
    }
  }
  return { entries, images, warnings };
}

async function readExternal(
  url: string,
  source: string,
  mapUrl: string,
  readText: ReadText,
  xml: XmlParser | undefined,
): Promise<Json> {
  let text: string;
  try {
    text = await readText(url);
  } catch (e) {
    const why = e instanceof Error && e.message ? ` (${e.message})` : '';
    // Vite's dev server compiles any .tsx it is asked for as TypeScript and answers 500: say so, or the
    // author hunts for a missing file that is right there.
    const tsx = /\.tsx$/i.test(source)
      ? '; a development server may compile .tsx files as code, so save the tileset as JSON (.tsj)'
      : '';
    throw mapError(mapUrl, `its external tileset "${source}" is missing or unreadable at ${url}${why}${tsx}`);
  }
  const head = text.trimStart();
  if (head.startsWith('<')) {
    if (/^<(!doctype|html)/i.test(head)) {
      throw mapError(
        mapUrl,
        `its external tileset "${source}" is missing (the server answered ${url} with a web page)`,
      );
    }
    return readTsxTileset(text, url, xml);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw mapError(url, `this tileset is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!isObject(parsed)) throw mapError(url, 'this tileset is not a JSON object');
  if (parsed.type === 'map') throw mapError(url, 'this file is a map, not a tileset');
  return parsed;
}

function buildEntry(raw: Json, firstgid: number, file: string, warnings: string[]): TilesetEntry {
  const name = typeof raw.name === 'string' ? raw.name : `tileset at gid ${firstgid}`;
  const what = `tileset "${name}"`;
  // Tiled before 0.15 saved neither the tile count nor the image size: the tileset then spans up to the next
  // one's firstgid (see loadTilesets), and Phaser counts the tiles from the image once it has loaded.
  const openEnded =
    raw.tilecount === undefined && typeof raw.image === 'string' && raw.imagewidth === undefined;
  const tilecount = openEnded ? 0 : intField(raw, 'tilecount', file, what, 0, MAX_GID);
  const tilewidth = intField(raw, 'tilewidth', file, what, 1, 65536);
  const tileheight = intField(raw, 'tileheight', file, what, 1, 65536);
  if (raw.tiles !== undefined && !Array.isArray(raw.tiles) && !isObject(raw.tiles)) {
    throw mapError(file, `${what} has "tiles" that is ${describe(raw.tiles)}, not a list`);
  }
  const tileset = readProperties(raw.properties);
  const allCollide = COLLIDE_KEYS.some((k) => isTrue(prop(tileset, k)));

  // Tiles with properties, from the current list form or the pre-1.2 `tileproperties` map.
  const tileList: Json[] = [];
  if (Array.isArray(raw.tiles)) {
    for (const t of raw.tiles) if (isObject(t)) tileList.push(t);
  } else if (isObject(raw.tiles)) {
    for (const [id, t] of Object.entries(raw.tiles)) if (isObject(t)) tileList.push({ ...t, id: Number(id) });
  }
  const legacy = isObject(raw.tileproperties) ? raw.tileproperties : undefined;
  let maxId = -1;
  for (const t of tileList) {
    const id = t.id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > MAX_TILE_ID) {
      throw mapError(file, `${what} describes a tile with id ${describe(id)}, not a tile number`);
    }
    if (id > maxId) maxId = id;
  }
  if (legacy)
    for (const id of Object.keys(legacy)) maxId = Math.max(maxId, Math.min(Number(id) | 0, MAX_TILE_ID));

  const size = maxId + 1;
  const collides = new Uint8Array(size);
  const noEnter = new Uint8Array(size);
  let cost: Float64Array | null = null;
  let entry: Float64Array | null = null;
  let unknownSide = '';
  const apply = (id: number, props: Record<string, unknown>) => {
    const said = COLLIDE_KEYS.map((k) => prop(props, k));
    if (said.some((v) => v !== undefined)) collides[id] = said.some(isTrue) ? 1 : 0;
    else collides[id] = allCollide ? 1 : 0;
    for (const side of Object.keys(GE_SIDES)) {
      if (isTrue(props[`ge_collide_${side}`])) noEnter[id] |= 1 << opposite(GE_SIDES[side]);
    }
    let best = 0;
    for (const key of ['cost', 'ge_cost']) best = Math.max(best, costOf(props, key, id, what, file));
    if (best > 0) {
      cost ??= new Float64Array(size);
      cost[id] = best;
    }
    // grid-engine's ge_cost_<side>: the cost of entering the tile from its neighbour on that side, in place of
    // the tile's own cost (so ge_cost_down is the price of climbing up into it from below).
    let sides = 0;
    for (const key of Object.keys(props)) {
      if (!key.toLowerCase().startsWith('ge_cost_')) continue;
      if (key.slice(8).toLowerCase() in GE_SIDES) sides++;
      else unknownSide ||= key;
    }
    if (sides === 0) return;
    entry ??= new Float64Array(size * 8);
    for (let d = 0; d < 8; d++) entry[id * 8 + d] = best > 0 ? best : 1;
    for (const side of Object.keys(GE_SIDES)) {
      const c = costOf(props, `ge_cost_${side}`, id, what, file);
      if (c > 0) entry[id * 8 + opposite(GE_SIDES[side])] = c;
    }
  };
  for (let id = 0; id < size; id++) collides[id] = allCollide ? 1 : 0;
  for (const t of tileList) apply(t.id as number, readProperties(t.properties));
  if (legacy) {
    for (const [id, props] of Object.entries(legacy)) {
      const n = Number(id);
      if (Number.isInteger(n) && n >= 0 && n < size && isObject(props)) apply(n, readProperties(props));
    }
  }

  if (unknownSide) {
    warnings.push(
      `${file}: ${what} sets "${unknownSide}", but grid-engine's sides are ${Object.keys(GE_SIDES).join(', ')}; it is ignored.`,
    );
  }
  const json = embed(raw, tileList, firstgid, file, name, tilecount, tilewidth, tileheight);
  const span = openEnded ? MAX_GID + 1 - firstgid : Math.max(tilecount, size);
  return { firstgid, span, name, file, json, collides, noEnter, cost, entry, allCollide };
}

/** A cost property of a tile (0 when not set); anything but a number ≥ 1 is the map's fault. */
function costOf(props: Record<string, unknown>, key: string, id: number, what: string, file: string): number {
  const v = prop(props, key);
  if (v === undefined) return 0;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 1) {
    throw mapError(
      file,
      `tile ${id} of ${what} has ${key} ${describe(v)}; a cost must be a number of at least 1`,
    );
  }
  return v;
}

/** The tileset as it goes into the normalized map: embedded, with image paths resolved against its own file. */
function embed(
  raw: Json,
  tileList: readonly Json[],
  firstgid: number,
  file: string,
  name: string,
  tilecount: number,
  tilewidth: number,
  tileheight: number,
): NormalizedTileset {
  const { source: _source, ...rest } = raw;
  const json = { ...rest, firstgid, name, tilecount, tilewidth, tileheight } as unknown as NormalizedTileset;
  json.columns = typeof raw.columns === 'number' ? raw.columns : 0;
  json.margin = typeof raw.margin === 'number' ? raw.margin : 0;
  json.spacing = typeof raw.spacing === 'number' ? raw.spacing : 0;
  if (typeof raw.image === 'string') json.image = resolveRelative(file, raw.image);
  if (tileList.length > 0 || raw.tiles !== undefined) {
    // Pre-1.2 Tiled wrote `tiles` as an object keyed by id; Phaser and this loader read the list form.
    json.tiles = tileList.map((t) => {
      const tile = { ...t } as unknown as NonNullable<NormalizedTileset['tiles']>[number];
      if (typeof t.image === 'string') tile.image = resolveRelative(file, t.image);
      return tile;
    });
  }
  return json;
}

/** Index of the tileset holding `gid` (flags masked, > 0), or -1 when it is beyond every tileset. */
export function findTileset(entries: readonly TilesetEntry[], gid: number): number {
  let lo = 0;
  let hi = entries.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].firstgid <= gid) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0 || gid - entries[found].firstgid >= entries[found].span) return -1;
  return found;
}
