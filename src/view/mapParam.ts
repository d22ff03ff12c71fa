// Which map file a `?map=` value (or an exit's `map` property) means, and loading it. A bare name is a map in the
// game's maps/ folder (or beside the map the exit is in), saved as JSON (`NAME.tmj`) or else as TMX (`NAME.tmx`);
// anything with a `/` or ending in .tmj/.tmx/.json is a URL, resolved against the page or against the map that
// names it, so a map's tilesets and images resolve relative to it.

import type { XmlParser } from '../core/tiled/index.ts';
import {
  type LoadedMap,
  loadTiledMap,
  MapLoadError,
  type ReadText,
  resolveRelative,
} from '../core/tiled/index.ts';

export const DEFAULT_MAP = 'town';

export interface MapRef {
  /** What the game calls the map (the file name without its extension). */
  name: string;
  /** Where to fetch it from, relative to the page or absolute. */
  url: string;
  /** For a bare name: the TMX file tried when there is no `.tmj` of that name. */
  fallbackUrl?: string;
}

const NAME = /^[A-Za-z0-9_-]+$/;
const MAP_FILE = /\.(tmj|tmx|json)$/i;

export function isMapUrl(value: string): boolean {
  return value.includes('/') || MAP_FILE.test(value);
}

/** Resolves a map reference; throws an Error whose message is the one sentence to show the player. */
export function resolveMapRef(value: string, from?: string): MapRef {
  const v = value.trim();
  if (v === '')
    throw new Error('The map parameter is empty: give a map name such as ?map=town or a URL of a .tmj file.');
  if (isMapUrl(v)) {
    const url = from ? resolveRelative(from, v) : v;
    const file =
      url
        .replace(/[?#].*$/, '')
        .split('/')
        .pop() ?? url;
    return { name: file.replace(MAP_FILE, '') || file, url };
  }
  if (!NAME.test(v)) {
    throw new Error(
      `The map parameter "${v}" is neither a map name (letters, digits, - and _) nor a URL of a .tmj, .tmx or .json file.`,
    );
  }
  const at = (ext: string) => (from ? resolveRelative(from, `${v}.${ext}`) : `maps/${v}.${ext}`);
  return { name: v, url: at('tmj'), fallbackUrl: at('tmx') };
}

/** The map the page asks for: `?map=` when present, the town otherwise. */
export function mapFromPage(search: string): MapRef {
  const value = new URLSearchParams(search).get('map');
  return resolveMapRef(value ?? DEFAULT_MAP);
}

/**
 * Loads the map a reference names: its `.tmj`, or when that file does not exist its `.tmx`; with the URL it came
 * from. A map that exists but is broken is reported as it is, never hidden behind a try of the other format.
 */
export async function loadMapRef(
  ref: MapRef,
  readText: ReadText,
  xml: XmlParser,
): Promise<{ map: LoadedMap; url: string }> {
  try {
    return { map: await loadTiledMap(ref.url, readText, { name: ref.name, xml }), url: ref.url };
  } catch (e) {
    if (!ref.fallbackUrl || !(e instanceof MapLoadError) || !e.missing || e.file !== ref.url) throw e;
    try {
      const url = ref.fallbackUrl;
      return { map: await loadTiledMap(url, readText, { name: ref.name, xml }), url };
    } catch (e2) {
      if (!(e2 instanceof MapLoadError) || !e2.missing || e2.file !== ref.fallbackUrl) throw e2;
      throw new MapLoadError(
        `${e.message.replace(/\.$/, '')}, and there is no ${ref.fallbackUrl} either.`,
        ref.url,
        true,
      );
    }
  }
}
