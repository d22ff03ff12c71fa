import { describe, isObject, type Json } from './json.ts';
import type { FlatLayer } from './layers.ts';
import { mapError } from './MapLoadError.ts';
import { resolveRelative } from './resolveRelative.ts';
import type { TilesetEntry } from './tilesets.ts';
import { parseXmlFile } from './tsx.ts';
import type { ReadText } from './types.ts';
import type { XmlParser } from './xml.ts';
import { readObject, toNumber } from './xmlParts.ts';

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
 * object is re-numbered into the map's gids through the tileset both share. An object whose template file is
 * missing is left out with a warning naming the map, the object and the file (Tiled opens such a map too); a
 * template that is there but broken is an error like any broken file.
 */
export async function applyTemplates(
  layers: readonly FlatLayer[],
  mapUrl: string,
  readText: ReadText,
  tilesets: readonly TilesetEntry[],
  warnings: string[],
  xml?: XmlParser,
): Promise<void> {
  const wanted = new Map<string, Promise<Template | Missing>>();
  for (const layer of layers) {
    if (layer.kind !== 'object' || !Array.isArray(layer.raw.objects)) continue;
    for (const o of layer.raw.objects) {
      if (!isObject(o) || typeof o.template !== 'string') continue;
      const url = resolveRelative(mapUrl, o.template);
      if (!wanted.has(url)) wanted.set(url, readTemplate(url, readText, xml));
    }
  }
  if (wanted.size === 0) return;
  // Read together, and every read settled before the first fault is thrown: no rejection goes unhandled.
  const settled = await Promise.allSettled(wanted.values());
  const loaded = new Map<string, Template | Missing>();
  let i = 0;
  for (const url of wanted.keys()) {
    const s = settled[i++];
    if (s.status === 'rejected') throw s.reason;
    loaded.set(url, s.value);
  }

  for (const layer of layers) {
    if (layer.kind !== 'object' || !Array.isArray(layer.raw.objects)) continue;
    const kept: unknown[] = [];
    for (const o of layer.raw.objects) {
      if (!isObject(o) || typeof o.template !== 'string') {
        kept.push(o);
        continue;
      }
      const t = loaded.get(resolveRelative(mapUrl, o.template)) as Template | Missing;
      if ('why' in t) {
        // Tiled opens such a map and marks the object; the game leaves it out and says so.
        const id = typeof o.id === 'number' ? `object ${o.id}` : 'an object';
        warnings.push(
          `${mapUrl}: ${id} in layer "${layer.name}" is placed from the template "${o.template}", which is missing at ${t.url} (${t.why}); the object is left out.`,
        );
        continue;
      }
      kept.push(merge(o, t, tilesets, mapUrl, warnings));
    }
    layer.raw.objects = kept;
  }
}

/** A template that could not be read: the objects placed from it are left out. */
interface Missing {
  url: string;
  why: string;
}

function merge(
  o: Json,
  t: Template,
  tilesets: readonly TilesetEntry[],
  mapUrl: string,
  warnings: string[],
): Json {
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
  readText: ReadText,
  xml: XmlParser | undefined,
): Promise<Template | Missing> {
  let text: string;
  try {
    text = await readText(url);
  } catch (e) {
    return { url, why: e instanceof Error && e.message ? e.message : 'unreadable' };
  }
  const head = text.trimStart();
  if (/^<(!doctype html|html)/i.test(head)) return { url, why: 'the server answered with a web page' };
  const raw = head.startsWith('<') ? readTx(text, url, xml) : readTj(text, url);
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

/** A `.tx` (XML) template: `<template><tileset firstgid source/><object …><properties/></object></template>`. */
function readTx(text: string, url: string, xml: XmlParser | undefined): Json {
  const root = parseXmlFile(text, url, xml, 'this object template');
  if (root.name !== 'template')
    throw mapError(url, `this file is not an object template (its root is <${root.name}>)`);
  const out: Json = { type: 'template' };
  for (const child of root.children) {
    if (child.name === 'tileset') {
      out.tileset = { firstgid: toNumber(child.attrs.firstgid ?? ''), source: child.attrs.source };
    } else if (child.name === 'object') out.object = readObject(child);
  }
  return out;
}
