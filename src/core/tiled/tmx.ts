import type { Json } from './json.ts';
import { mapError } from './MapLoadError.ts';
import { parseXmlFile, tilesetFromXml } from './tsx.ts';
import type { XmlElement, XmlParser } from './xml.ts';
import { copyAttrs, readImage, readObject, readPropertyList, toNumber } from './xmlParts.ts';

const MAP_NUMERIC = new Set([
  'width',
  'height',
  'tilewidth',
  'tileheight',
  'hexsidelength',
  'nextlayerid',
  'nextobjectid',
  'compressionlevel',
  'parallaxoriginx',
  'parallaxoriginy',
]);
const LAYER_NUMERIC = new Set([
  'id',
  'x',
  'y',
  'width',
  'height',
  'opacity',
  'offsetx',
  'offsety',
  'parallaxx',
  'parallaxy',
]);
const LAYER_BOOLS = new Set(['visible', 'locked', 'repeatx', 'repeaty']);
const CHUNK_NUMERIC = new Set(['x', 'y', 'width', 'height']);
const LAYER_TYPES: Record<string, string> = {
  layer: 'tilelayer',
  objectgroup: 'objectgroup',
  imagelayer: 'imagelayer',
  group: 'group',
};

/**
 * Reads a TMX (XML) map into the JSON map Tiled would have saved (.tmj), so the rest of the loader is the same
 * for both formats: layer data stays as written (CSV or base64 text, or the old `<tile gid>` elements as a list),
 * chunks stay chunks, embedded tilesets become JSON tilesets, external ones keep their `source`. Nothing here
 * allocates by the map's claimed size: sizes are checked by the JSON path before any tile data is decoded.
 */
export function readTmxMap(text: string, url: string, xml: XmlParser | undefined): Json {
  const root = parseXmlFile(text, url, xml, 'this TMX map');
  if (root.name === 'tileset') throw mapError(url, 'this is a Tiled tileset, not a map');
  if (root.name !== 'map') throw mapError(url, `this is not a Tiled map (its XML root is <${root.name}>)`);
  const map: Json = copyAttrs(root, { type: 'map' }, MAP_NUMERIC);
  if (root.attrs.infinite !== undefined) map.infinite = root.attrs.infinite === '1';
  const tilesets: Json[] = [];
  for (const child of root.children) {
    if (child.name === 'properties') map.properties = readPropertyList(child);
    else if (child.name === 'tileset') tilesets.push(readTilesetRef(child));
  }
  map.tilesets = tilesets;
  map.layers = readLayers(root);
  return map;
}

function readTilesetRef(el: XmlElement): Json {
  if (el.attrs.source !== undefined) {
    return { firstgid: toNumber(el.attrs.firstgid ?? ''), source: el.attrs.source };
  }
  const { type: _type, ...embedded } = tilesetFromXml(el);
  return embedded;
}

/** The layers among `parent`'s children, in file order (which is drawing order). */
function readLayers(parent: XmlElement): Json[] {
  const out: Json[] = [];
  for (const el of parent.children) {
    const type = LAYER_TYPES[el.name];
    if (!type) continue;
    const layer: Json = copyAttrs(el, { type }, LAYER_NUMERIC, LAYER_BOOLS);
    for (const child of el.children)
      if (child.name === 'properties') layer.properties = readPropertyList(child);
    if (type === 'tilelayer') readTileData(el, layer);
    else if (type === 'objectgroup')
      layer.objects = el.children.filter((c) => c.name === 'object').map(readObject);
    else if (type === 'imagelayer') {
      const image = el.children.find((c) => c.name === 'image');
      Object.assign(layer, image ? readImage(image) : { image: '' });
    } else layer.layers = readLayers(el);
    out.push(layer);
  }
  return out;
}

function readTileData(el: XmlElement, layer: Json): void {
  const data = el.children.find((c) => c.name === 'data');
  if (!data) {
    layer.data = [];
    return;
  }
  const { encoding, compression } = data.attrs;
  // A TMX layer without an encoding is the old XML form, one <tile gid> per cell: CSV in JSON terms.
  if (encoding !== undefined) layer.encoding = encoding;
  if (compression !== undefined) layer.compression = compression;
  const chunks = data.children.filter((c) => c.name === 'chunk');
  if (chunks.length > 0) {
    layer.chunks = chunks.map((c) => {
      const chunk = copyAttrs(c, {}, CHUNK_NUMERIC);
      chunk.data = dataOf(c, encoding);
      return chunk;
    });
    return;
  }
  layer.data = dataOf(data, encoding);
}

/** A data block's content: its text when encoded, else the gids of its `<tile>` elements. */
function dataOf(el: XmlElement, encoding: string | undefined): string | unknown[] {
  if (encoding !== undefined) return el.text;
  const gids: unknown[] = [];
  for (const t of el.children) {
    if (t.name !== 'tile') continue;
    const gid = t.attrs.gid;
    gids.push(gid === undefined ? 0 : /^\d+$/.test(gid) ? Number(gid) : gid);
  }
  return gids;
}
