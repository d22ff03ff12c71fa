import type { Json } from './json.ts';
import { mapError } from './MapLoadError.ts';
import { parseXml, type XmlElement, XmlError } from './xml.ts';

const NUMERIC = new Set(['tilewidth', 'tileheight', 'spacing', 'margin', 'tilecount', 'columns']);

/**
 * Reads a TSX (XML) tileset, as Tiled saves it, into the shape of a JSON (.tsj) tileset: attributes, image,
 * tile offset, grid, custom properties, and per tile its class, probability, properties, image and animation.
 * Wang sets, terrains and per-tile collision shapes are left out (neither navigation nor Phaser's tile layers use
 * them).
 */
export function readTsxTileset(text: string, url: string): Json {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (e) {
    if (e instanceof XmlError) throw mapError(url, `this TSX tileset is not well-formed XML (${e.message})`);
    throw e;
  }
  if (root.name === 'map') throw mapError(url, 'this file is a TMX map, not a tileset');
  if (root.name !== 'tileset')
    throw mapError(url, `this file is not a Tiled tileset (its root is <${root.name}>)`);
  const out: Json = { type: 'tileset' };
  for (const [k, v] of Object.entries(root.attrs)) out[k] = NUMERIC.has(k) ? toNumber(v) : v;
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
  return out;
}

function toNumber(s: string): number | string {
  const n = Number(s);
  return s.trim() !== '' && Number.isFinite(n) ? n : s;
}

function readImage(el: XmlElement): Json {
  const image: Json = { image: el.attrs.source ?? '' };
  if (el.attrs.width !== undefined) image.imagewidth = toNumber(el.attrs.width);
  if (el.attrs.height !== undefined) image.imageheight = toNumber(el.attrs.height);
  if (el.attrs.trans !== undefined) image.transparentcolor = `#${el.attrs.trans}`;
  return image;
}

function readTile(el: XmlElement): Json {
  const tile: Json = { id: toNumber(el.attrs.id ?? '') };
  const cls = el.attrs.class ?? el.attrs.type;
  if (cls !== undefined) tile.type = cls;
  if (el.attrs.class !== undefined) tile.class = el.attrs.class;
  if (el.attrs.probability !== undefined) tile.probability = toNumber(el.attrs.probability);
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

/** `<property name type value>` (multi-line strings as text; class properties nest their members). */
function readPropertyList(el: XmlElement): Json[] {
  return el.children
    .filter((p) => p.name === 'property' && p.attrs.name !== undefined)
    .map((p) => {
      const type = p.attrs.type ?? 'string';
      const raw = p.attrs.value ?? p.text;
      let value: unknown = raw;
      if (type === 'bool') value = raw === 'true';
      else if (type === 'int' || type === 'float' || type === 'object') value = toNumber(raw);
      else if (type === 'class') {
        const nested = p.children.find((c) => c.name === 'properties');
        value = Object.fromEntries((nested ? readPropertyList(nested) : []).map((q) => [q.name, q.value]));
      }
      const prop: Json = { name: p.attrs.name, type, value };
      if (p.attrs.propertytype !== undefined) prop.propertytype = p.attrs.propertytype;
      return prop;
    });
}
