// Which map file a `?map=` value (or an exit's `map` property) means. A bare name is a map in the game's maps/
// folder (or beside the map the exit is in); anything with a `/` or ending in .tmj/.json is a URL, resolved
// against the page or against the map that names it, so a map's tilesets and images resolve relative to it.
import { resolveRelative } from '../core/tiled/index.ts';

export const DEFAULT_MAP = 'town';

export interface MapRef {
  /** What the game calls the map (the file name without its extension). */
  name: string;
  /** Where to fetch it from, relative to the page or absolute. */
  url: string;
}

const NAME = /^[A-Za-z0-9_-]+$/;

export function isMapUrl(value: string): boolean {
  return value.includes('/') || /\.(tmj|json)$/i.test(value);
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
    return { name: file.replace(/\.(tmj|json)$/i, '') || file, url };
  }
  if (!NAME.test(v)) {
    throw new Error(
      `The map parameter "${v}" is neither a map name (letters, digits, - and _) nor a URL of a .tmj or .json file.`,
    );
  }
  return { name: v, url: from ? resolveRelative(from, `${v}.tmj`) : `maps/${v}.tmj` };
}

/** The map the page asks for: `?map=` when present, the town otherwise. */
export function mapFromPage(search: string): MapRef {
  const value = new URLSearchParams(search).get('map');
  return resolveMapRef(value ?? DEFAULT_MAP);
}
