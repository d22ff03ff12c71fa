import type { Json } from './json.ts';
import { mapError } from './MapLoadError.ts';
import { describeXmlError, parseXml, type XmlElement, XmlError, type XmlParser } from './xml.ts';
import { copyAttrs, readImage, readPropertyList, toNumber } from './xmlParts.ts';

const NUMERIC = new Set(['firstgid', 'tilewidth', 'tileheight', 'spacing', 'margin', 'tilecount', 'columns']);

/** Parses XML into its root element, a malformed file being one sentence naming it (`what`: "this TSX tileset"). */
export function parseXmlFile(
  text: string,
  url: string,
  xml: XmlParser | undefined,
  what: string,
): XmlElement {
  if (!xml) {
    throw mapError(url, `${what} is XML, and the loader was given no XML parser to read it with`);
  }
  try {
    return parseXml(text, xml);
  } catch (e) {
    if (e instanceof XmlError) throw mapError(url, `${what} is not well-formed XML (${describeXmlError(e)})`);
    throw e;
  }
}

/** Reads a TSX (XML) tileset file, as Tiled saves it, into the shape of a JSON (.tsj) tileset. */
export function readTsxTileset(text: string, url: string, xml: XmlParser | undefined): Json {
  const root = parseXmlFile(text, url, xml, 'this TSX tileset');
  if (root.name === 'map') throw mapError(url, 'this file is a TMX map, not a tileset');
  if (root.name !== 'tileset')
    throw mapError(url, `this file is not a Tiled tileset (its root is <${root.name}>)`);
  return tilesetFromXml(root);
}

/**
 * A `<tileset>` element (a TSX file's root, or one embedded in a TMX map) as a JSON tileset: attributes, image,
 * tile offset, grid, custom properties, and per tile its class, probability, properties, image and animation.
 * Wang sets, terrains and per-tile collision shapes are left out (neither navigation nor drawing uses them).
 * Tilesets from Tiled before 0.15 give no tile count: it follows from the image size, as Tiled computes it.
 */
export function tilesetFromXml(root: XmlElement): Json {
  const out: Json = copyAttrs(root, { type: 'tileset' }, NUMERIC);
  for (const child of root.children) {
    switch (child.name) {
      case 'image':
        Object.assign(out, readImage(child));
        break;
      case 'tileoffset':
        out.tileoffset = { x: toNumber(child.attrs.x ?? '0'), y: toNumber(child.attrs.y ?? '0') };
        break;
      case 'grid':
        out.grid = {
          orientation: child.attrs.orientation ?? 'orthogonal',
          width: toNumber(child.attrs.width ?? '0'),
          height: toNumber(child.attrs.height ?? '0'),
        };
        break;
      case 'properties':
        out.properties = readPropertyList(child);
        break;
      case 'tile':
        ((out.tiles ??= []) as Json[]).push(readTile(child));
        break;
    }
  }
  if (out.tilecount === undefined) countFromImage(out);
  return out;
}

function countFromImage(t: Json): void {
  const num = (k: string, d: number) => (typeof t[k] === 'number' ? (t[k] as number) : d);
  const tw = num('tilewidth', 0);
  const th = num('tileheight', 0);
  const iw = num('imagewidth', 0);
  const ih = num('imageheight', 0);
  if (tw <= 0 || th <= 0 || iw <= 0 || ih <= 0) return;
  const margin = num('margin', 0);
  const spacing = num('spacing', 0);
  const columns = Math.max(0, Math.floor((iw - 2 * margin + spacing) / (tw + spacing)));
  const rows = Math.max(0, Math.floor((ih - 2 * margin + spacing) / (th + spacing)));
  t.columns ??= columns;
  t.tilecount = columns * rows;
}

function readTile(el: XmlElement): Json {
  const tile: Json = { id: toNumber(el.attrs.id ?? '') };
  const cls = el.attrs.class ?? el.attrs.type;
  if (cls !== undefined) tile.type = cls;
  if (el.attrs.class !== undefined) tile.class = el.attrs.class;
  if (el.attrs.probability !== undefined) tile.probability = toNumber(el.attrs.probability);
  for (const k of ['x', 'y', 'width', 'height'] as const) {
    if (el.attrs[k] !== undefined) tile[k] = toNumber(el.attrs[k]);
  }
  for (const child of el.children) {
    if (child.name === 'properties') tile.properties = readPropertyList(child);
    else if (child.name === 'image') {
      const img = readImage(child);
      tile.image = img.image;
      if (img.imagewidth !== undefined) tile.imagewidth = img.imagewidth;
      if (img.imageheight !== undefined) tile.imageheight = img.imageheight;
    } else if (child.name === 'animation') {
      tile.animation = child.children
        .filter((f) => f.name === 'frame')
        .map((f) => ({
          tileid: toNumber(f.attrs.tileid ?? '0'),
          duration: toNumber(f.attrs.duration ?? '0'),
        }));
    }
  }
  return tile;
}
