import type { Json } from './json.ts';
import type { XmlElement } from './xml.ts';

// The pieces TMX maps, TSX tilesets and TX templates share, read into the shape Tiled's JSON formats give them,
// so everything after reading is the same code for both formats.

/** A number when the attribute is one, else the text as written (the JSON checks then name the bad value). */
export function toNumber(s: string): number | string {
  const n = Number(s);
  return s.trim() !== '' && Number.isFinite(n) ? n : s;
}

/** TMX booleans are written `0`/`1` (older files: `true`/`false`). */
export function toBool(s: string): boolean {
  return s === '1' || s.toLowerCase() === 'true';
}

/** Copies the attributes of `el` into `out`: numeric ones as numbers, boolean ones as booleans. */
export function copyAttrs(
  el: XmlElement,
  out: Json,
  numeric: ReadonlySet<string>,
  bools: ReadonlySet<string> = NO_BOOLS,
): Json {
  for (const [k, v] of Object.entries(el.attrs)) {
    out[k] = numeric.has(k) ? toNumber(v) : bools.has(k) ? toBool(v) : v;
  }
  return out;
}

const NO_BOOLS: ReadonlySet<string> = new Set();

/** `<image source width height trans>` as the JSON fields `image`, `imagewidth`, `imageheight`, `transparentcolor`. */
export function readImage(el: XmlElement): Json {
  const image: Json = { image: el.attrs.source ?? '' };
  if (el.attrs.width !== undefined) image.imagewidth = toNumber(el.attrs.width);
  if (el.attrs.height !== undefined) image.imageheight = toNumber(el.attrs.height);
  if (el.attrs.trans !== undefined) image.transparentcolor = `#${el.attrs.trans}`;
  return image;
}

/**
 * `<properties><property name type value/>…` as Tiled's JSON list `[{ name, type, value }]`: multi-line strings
 * come as text, class properties nest their members, bool/int/float/object are converted, colour and file stay
 * strings as in JSON.
 */
export function readPropertyList(el: XmlElement): Json[] {
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

const OBJECT_NUMERIC = new Set(['id', 'x', 'y', 'width', 'height', 'rotation', 'gid']);
const OBJECT_BOOLS = new Set(['visible']);

/**
 * A map or template `<object>` as a JSON object. Only what the file says is set: an object placed from a
 * template takes everything it leaves out from the template. An object without a template gets JSON's
 * defaults (size 0, no rotation, visible).
 */
export function readObject(el: XmlElement): Json {
  const out: Json = {};
  if (el.attrs.template === undefined) {
    Object.assign(out, { name: '', type: '', x: 0, y: 0, width: 0, height: 0, rotation: 0, visible: true });
  }
  copyAttrs(el, out, OBJECT_NUMERIC, OBJECT_BOOLS);
  for (const part of el.children) {
    if (part.name === 'point') out.point = true;
    else if (part.name === 'ellipse') out.ellipse = true;
    else if (part.name === 'polygon' || part.name === 'polyline') out[part.name] = readPoints(part);
    else if (part.name === 'properties') out.properties = readPropertyList(part);
    else if (part.name === 'text')
      out.text = { ...copyAttrs(part, {}, TEXT_NUMERIC, TEXT_BOOLS), text: part.text };
  }
  return out;
}

const TEXT_NUMERIC = new Set(['pixelsize']);
const TEXT_BOOLS = new Set(['wrap', 'bold', 'italic', 'underline', 'strikeout', 'kerning']);

/** `points="0,0 16,0 16,16"` as `[{ x, y }]`. */
function readPoints(el: XmlElement): Json[] {
  return (el.attrs.points ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pt) => {
      const [x, y] = pt.split(',').map(Number);
      return { x, y };
    });
}
