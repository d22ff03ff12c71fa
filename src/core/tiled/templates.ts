import { describe, isObject, type Json } from './json.ts';
import type { FlatLayer } from './layers.ts';
import { mapError } from './MapLoadError.ts';
import { resolveRelative } from './resolveRelative.ts';
import type { TilesetEntry } from './tilesets.ts';
import type { ReadText } from './types.ts';
import { parseXml, type XmlElement, XmlError } from './xml.ts';

const FLAGS = 0xf0000000;

interface Template {
  object: Json;
  /** The template's own tileset (for tile objects): its firstgid there and the URL of its file. */
  tileset?: { firstgid: number; url: string };
}

/**
 * Replaces every object placed from a template (`"template": "enemy.tj"`) by the template's object with the
 * instance's own fields on top (properties merged by name), as Tiled itself shows it. Authors commonly keep
 * enemies and doors as templates; without this they would load as bare points with no class. A template's tile
 * object is re-numbered into the map's gids through the tileset both share.
 */
export async function applyTemplates(
  layers: readonly FlatLayer[],
  mapUrl: string,
  readText: ReadText,
  tilesets: readonly TilesetEntry[],
  warnings: string[],
): Promise<void> {
  const wanted = new Map<string, Promise<Template>>();
  for (const layer of layers) {
    if (layer.kind !== 'object' || !Array.isArray(layer.raw.objects)) continue;
    for (const o of layer.raw.objects) {
      if (!isObject(o) || typeof o.template !== 'string') continue;
      const url = resolveRelative(mapUrl, o.template);
      if (!wanted.has(url)) wanted.set(url, readTemplate(url, o.template, mapUrl, readText));
    }
  }
  if (wanted.size === 0) return;
  const loaded = new Map<string, Template>();
  for (const [url, p] of wanted) loaded.set(url, await p);

  for (const layer of layers) {
    if (layer.kind !== 'object' || !Array.isArray(layer.raw.objects)) continue;
    layer.raw.objects = layer.raw.objects.map((o) => {
      if (!isObject(o) || typeof o.template !== 'string') return o;
      const t = loaded.get(resolveRelative(mapUrl, o.template)) as Template;
      const merged: Json = { ...t.object, ...o };
      const own = Array.isArray(o.properties) ? o.properties.filter(isObject) : [];
      const base = Array.isArray(t.object.properties) ? t.object.properties.filter(isObject) : [];
      const names = new Set(own.map((p) => p.name));
      merged.properties = [...base.filter((p) => !names.has(p.name)), ...own];
      if (typeof t.object.gid === 'number' && o.gid === undefined) {
        const gid = mapGid(t, tilesets);
        if (gid === undefined) {
          delete merged.gid;
          warnings.push(
            `${mapUrl}: template "${o.template}" shows a tile from a tileset the map does not use; it is read as a rectangle.`,
          );
        } else merged.gid = gid;
      }
      return merged;
    });
  }
}

function mapGid(t: Template, tilesets: readonly TilesetEntry[]): number | undefined {
  const gid = t.object.gid as number;
  if (!t.tileset) return gid;
  const target = tilesets.find((e) => e.file === t.tileset?.url);
  if (!target) return undefined;
  const local = (gid & ~FLAGS) - t.tileset.firstgid;
  if (local < 0 || local >= target.span) return undefined;
  return ((gid & FLAGS) | (target.firstgid + local)) >>> 0;
}

async function readTemplate(
  url: string,
  source: string,
  mapUrl: string,
  readText: ReadText,
): Promise<Template> {
  let text: string;
  try {
    text = await readText(url);
  } catch (e) {
    const why = e instanceof Error && e.message ? ` (${e.message})` : '';
    throw mapError(mapUrl, `its object template "${source}" is missing or unreadable at ${url}${why}`);
  }
  const raw = text.trimStart().startsWith('<') ? readTx(text, url) : readTj(text, url);
  if (!isObject(raw.object)) throw mapError(url, 'this object template holds no object');
  const ts = raw.tileset;
  if (isObject(ts) && typeof ts.source === 'string' && typeof ts.firstgid === 'number') {
    return { object: raw.object, tileset: { firstgid: ts.firstgid, url: resolveRelative(url, ts.source) } };
  }
  return { object: raw.object };
}

function readTj(text: string, url: string): Json {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw mapError(
      url,
      `this object template is not valid JSON (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  if (!isObject(parsed)) throw mapError(url, `this object template holds ${describe(parsed)}, not an object`);
  return parsed;
}

const NUMERIC = new Set(['id', 'x', 'y', 'width', 'height', 'rotation', 'gid', 'firstgid']);

/** A `.tx` (XML) template: `<template><tileset firstgid source/><object …><properties/></object></template>`. */
function readTx(text: string, url: string): Json {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (e) {
    if (e instanceof XmlError)
      throw mapError(url, `this object template is not well-formed XML (${e.message})`);
    throw e;
  }
  if (root.name !== 'template')
    throw mapError(url, `this file is not an object template (its root is <${root.name}>)`);
  const attrs = (el: XmlElement): Json => {
    const out: Json = {};
    for (const [k, v] of Object.entries(el.attrs))
      out[k] = NUMERIC.has(k) && Number.isFinite(Number(v)) ? Number(v) : v;
    return out;
  };
  const out: Json = { type: 'template' };
  for (const child of root.children) {
    if (child.name === 'tileset') out.tileset = attrs(child);
    if (child.name !== 'object') continue;
    const object = attrs(child);
    for (const part of child.children) {
      if (part.name === 'point') object.point = true;
      else if (part.name === 'ellipse') object.ellipse = true;
      else if (part.name === 'polygon' || part.name === 'polyline') {
        object[part.name] = (part.attrs.points ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((pt) => {
            const [x, y] = pt.split(',').map(Number);
            return { x, y };
          });
      } else if (part.name === 'properties') {
        object.properties = part.children
          .filter((p) => p.name === 'property' && p.attrs.name !== undefined)
          .map((p) => {
            const type = p.attrs.type ?? 'string';
            const raw = p.attrs.value ?? p.text;
            const value =
              type === 'bool' ? raw === 'true' : type === 'int' || type === 'float' ? Number(raw) : raw;
            return { name: p.attrs.name, type, value };
          });
      }
    }
    out.object = object;
  }
  return out;
}
