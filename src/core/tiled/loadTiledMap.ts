import { buildNavGrid } from './collision.ts';
import { describe, intField, isObject, type Json } from './json.ts';
import { type FlatLayer, flattenLayers } from './layers.ts';
import { mapError } from './MapLoadError.ts';
import { normalizeMap } from './normalize.ts';
import { readProperties } from './properties.ts';
import { findExits, findSpawns, type Hidden, seconds } from './spawns.ts';
import { applyTemplates } from './templates.ts';
import { decodeTileLayers, GID_MASK, gridBounds } from './tileData.ts';
import { loadTilesets } from './tilesets.ts';
import { readTmxMap } from './tmx.ts';
import type { LayerInfo, LoadedMap, ReadText } from './types.ts';
import type { XmlParser } from './xml.ts';

export interface LoadOptions {
  /** What the game calls the map; the file name without its extension when not given. */
  name?: string;
  /**
   * The XML parser for TMX maps, TSX tilesets and TX templates: the browser's `new DOMParser()` in the page,
   * `nodeXml` (tools/lib/node-reader.ts) in Node. Without it, JSON maps still load and an XML file is refused.
   */
  xml?: XmlParser;
}

/**
 * Reads a Tiled map, JSON (`.tmj`/`.json`) or TMX (XML, told apart by its content), and its external tilesets into the navigation grid, spawns, exits and
 * a normalized copy Phaser can draw. Every fault in the file becomes a MapLoadError whose message is one
 * sentence naming the file and the fault; sizes are checked before anything is allocated.
 */
export async function loadTiledMap(
  url: string,
  readText: ReadText,
  opts: LoadOptions = {},
): Promise<LoadedMap> {
  let text: string;
  try {
    text = await readText(url);
  } catch (e) {
    const why = e instanceof Error && e.message ? e.message : 'unreadable';
    throw mapError(url, `the map cannot be read (${why})`, true);
  }
  const map = parseMap(text, url, opts.xml);

  const orientation = typeof map.orientation === 'string' ? map.orientation : 'orthogonal';
  checkOrientation(orientation, url);
  const tileWidth = intField(map, 'tilewidth', url, 'the map', 1, 65536);
  const tileHeight = intField(map, 'tileheight', url, 'the map', 1, 65536);
  const infinite = map.infinite === true;
  const layers = flattenLayers(map.layers, url);
  const bounds = gridBounds(map, layers, infinite, url);

  const tilesets = await loadTilesets(map.tilesets, url, readText, opts.xml);
  const warnings = [...tilesets.warnings];
  await applyTemplates(layers, url, readText, tilesets.entries, warnings, opts.xml);
  const gids = decodeTileLayers(layers, bounds, infinite, tilesets.entries, url);
  const nav = buildNavGrid(layers, gids, tilesets.entries, bounds, tileWidth, tileHeight);

  const placement = { bounds, tileWidth, tileHeight, file: url };
  const properties = readProperties(map.properties);
  const spawns = findSpawns(layers, nav, placement, warnings, underRoofs(layers, gids, bounds.width));
  const exits = findExits(layers, placement, warnings);
  const normalized = normalizeMap(map, layers, gids, tilesets.entries, bounds, tileWidth, tileHeight, url);
  const layerInfo: LayerInfo[] = layers.map((l, index) => ({
    name: l.name,
    index,
    kind: l.kind,
    visible: l.visible,
    collision: l.collision,
    above: l.above,
    properties: l.properties,
  }));

  return {
    name: opts.name ?? baseName(url),
    width: bounds.width,
    height: bounds.height,
    tileWidth,
    tileHeight,
    orientation,
    origin: { x: bounds.originX, y: bounds.originY },
    nav,
    spawns,
    exits,
    layers: layerInfo,
    properties,
    moves: movesOf(properties, url),
    ...respawnOf(properties, url),
    safeRadius: safeRadiusOf(properties, url),
    normalized,
    tilesetImages: tilesets.images,
    warnings,
  };
}

/** The map property `moves`: 4 for a four-way game, 8 (or absent) for eight ways. */
function movesOf(properties: Record<string, unknown>, url: string): 8 | 4 {
  const v = properties.moves;
  if (v === undefined) return 8;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (n === 4 || n === 8) return n;
  throw mapError(url, `the map property "moves" must be 4 or 8, got ${JSON.stringify(v)}`);
}

/** The map property `respawn`: seconds a defeated enemy stays away (0: never back); absent: the game's. */
function respawnOf(properties: Record<string, unknown>, url: string): { respawn?: number } {
  const v = properties.respawn;
  if (v === undefined) return {};
  const n = seconds(v);
  if (n !== undefined) return { respawn: n };
  throw mapError(
    url,
    `the map property "respawn" must be a number of seconds ≥ 0 (0: defeated enemies never come back), got ${JSON.stringify(v)}`,
  );
}

/**
 * The map property `safeRadius`: how many tiles around the player's start stay free of enemies (a number ≥ 0,
 * an int, a float or a string of one); undefined when absent (the game's default).
 */
function safeRadiusOf(properties: Record<string, unknown>, url: string): number | undefined {
  const v = properties.safeRadius;
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n === 'number' && n >= 0 && Number.isFinite(n)) return n;
  throw mapError(
    url,
    `the map property "safeRadius" must be a number of tiles ≥ 0, got ${JSON.stringify(v)}`,
  );
}

/** Tiles drawn over by a visible `Above` layer (roofs, treetops): whoever stands there cannot be seen. */
function underRoofs(
  layers: readonly FlatLayer[],
  gids: readonly (Uint32Array | null)[],
  width: number,
): Hidden {
  const roofs: Uint32Array[] = [];
  layers.forEach((l, i) => {
    const g = gids[i];
    if (l.kind === 'tile' && l.above && l.visible && g) roofs.push(g);
  });
  return (x, y) => {
    const i = y * width + x;
    for (const g of roofs) if ((g[i] & GID_MASK) !== 0) return true;
    return false;
  };
}

function parseMap(text: string, url: string, xml: XmlParser | undefined): Json {
  const head = text.trimStart();
  if (head.startsWith('<')) {
    if (/^<(!doctype html|html)/i.test(head)) {
      throw mapError(
        url,
        'the server answered with a web page instead of a map, so the map file probably does not exist',
        true,
      );
    }
    return readTmxMap(text, url, xml);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw mapError(url, `the map is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!isObject(parsed)) throw mapError(url, `the file holds ${describe(parsed)}, not a Tiled map`);
  if (parsed.type === 'tileset') throw mapError(url, 'this is a Tiled tileset, not a map');
  if ((parsed.type !== undefined && parsed.type !== 'map') || !('layers' in parsed) || !('width' in parsed)) {
    throw mapError(url, 'this is not a Tiled map (it lacks "type": "map", "width" or "layers")');
  }
  return parsed;
}

function checkOrientation(orientation: string, url: string): void {
  if (orientation === 'orthogonal') return;
  if (orientation === 'isometric') {
    throw mapError(
      url,
      'this map is isometric, and the game draws and walks orthogonal (square-grid) maps only; change its orientation to orthogonal in Tiled (Map › Map Properties)',
    );
  }
  if (orientation === 'staggered' || orientation === 'hexagonal') {
    throw mapError(url, `this map is ${orientation}, and the game walks orthogonal (square-grid) maps only`);
  }
  throw mapError(url, `this map has the unknown orientation ${describe(orientation)}`);
}

function baseName(url: string): string {
  const file =
    url
      .replace(/[?#].*$/, '')
      .replace(/\\/g, '/')
      .split('/')
      .pop() ?? url;
  return file.replace(/\.(tmj|tmx|json)$/i, '') || file;
}
