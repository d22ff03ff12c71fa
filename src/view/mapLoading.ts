// Loads one map and every image it draws with: the map file (its .tmj, else its .tmx), its tilesets and templates
// through core/tiled (which also builds the navigation grid), then the tileset images, image-collection tiles,
// image layers and the character sheets through a scene's Phaser loader. The Preload scene uses it behind its
// progress bar; the World scene uses it to load the map an exit leads to while the current one stays on screen,
// and live reload (MapReloader) to read a saved map afresh. Any failure is thrown as one sentence.
import Phaser from 'phaser';
import { fetchText, type LoadedMap, type ReadText } from '../core/tiled/index.ts';
import { SPRITE_SHEETS, tilesetTextureKey } from './assets.ts';
import { sentenceOf } from './errorBanner.ts';
import { loadMapRef, type MapRef } from './mapParam.ts';
import { applyTransparentColours, fillImageSizes, forgetTexture, mapImageUrls } from './tilesetImages.ts';

/** A loaded map, the URL it came from (its .tmj or its .tmx) and every file it was read from. */
export interface MapWithImages {
  map: LoadedMap;
  url: string;
  /** The map, its tilesets and templates: live reload watches them. */
  files: string[];
}

export interface MapLoadingOptions {
  /** Told how far the images are (0 to 1). */
  onProgress?: (share: number, map: LoadedMap) => void;
  /** How files are read (live reload revalidates with the server); fetch by default. */
  read?: ReadText;
  /** Image URLs saved since they were loaded: their textures are loaded afresh. */
  stale?: ReadonlySet<string>;
}

/** A ReadText that notes every URL it is asked for: the files a map depends on. */
export function recordingReader(read: ReadText, into: Set<string>): ReadText {
  return (url) => {
    into.add(url);
    return read(url);
  };
}

/** Bumped per load that refreshes an image, so the browser's cache cannot answer with the old one. */
let refreshes = 0;

/**
 * Resolves to the loaded map once its images are textures, or to null when `scene` stopped meanwhile. Rejects
 * with an Error whose message is the sentence to show.
 */
export async function loadMapWithImages(
  scene: Phaser.Scene,
  ref: MapRef,
  opts: MapLoadingOptions = {},
): Promise<MapWithImages | null> {
  const files = new Set<string>();
  let map: LoadedMap;
  let url: string;
  try {
    ({ map, url } = await loadMapRef(ref, recordingReader(opts.read ?? fetchText, files), new DOMParser()));
  } catch (e) {
    throw new Error(sentenceOf(e, `Map file ${ref.url}`));
  }
  for (const warning of map.warnings) console.warn(warning);
  if (!scene.sys.isActive()) return null;

  const load = scene.load;
  // Image-collection tiles and image layers too: view/TileObjects draws them (Phaser's tile layers cannot).
  const v = opts.stale && opts.stale.size > 0 ? ++refreshes : 0;
  for (const image of mapImageUrls(map)) {
    const texture = tilesetTextureKey(image);
    const stale = opts.stale?.has(image) === true;
    if (stale) forgetTexture(scene.textures, texture);
    if (!scene.textures.exists(texture))
      load.image(texture, stale ? `${image}${image.includes('?') ? '&' : '?'}v=${v}` : image);
  }
  for (const sheet of SPRITE_SHEETS) {
    if (scene.textures.exists(sheet.key)) continue;
    load.spritesheet(sheet.key, sheet.url, { frameWidth: sheet.frameWidth, frameHeight: sheet.frameHeight });
  }

  const failed: string[] = [];
  const progress = (value: number) => opts.onProgress?.(value, map);
  const error = (file: Phaser.Loader.File) => failed.push(file.src);
  load.on(Phaser.Loader.Events.PROGRESS, progress);
  load.on(Phaser.Loader.Events.FILE_LOAD_ERROR, error);
  await new Promise<void>((resolve) => {
    load.once(Phaser.Loader.Events.COMPLETE, () => resolve());
    load.start();
  });
  load.off(Phaser.Loader.Events.PROGRESS, progress);
  load.off(Phaser.Loader.Events.FILE_LOAD_ERROR, error);
  if (failed.length > 0) {
    const more = failed.length > 1 ? ` and ${failed.length - 1} more file(s)` : '';
    throw new Error(`Image ${failed[0]}${more} could not be loaded, so map ${url} cannot be drawn.`);
  }
  if (!scene.sys.isActive()) return null;
  // Before MapView reads the tilesets: old ones take their size from the image, keyed colours go clear.
  fillImageSizes(map.normalized, scene.textures);
  applyTransparentColours(map.normalized, scene.textures);
  return { map, url, files: [...files] };
}
