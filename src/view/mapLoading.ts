// Loads one map and every image it draws with: the map file and its tilesets through core/tiled (which also
// builds the navigation grid), then the tileset images and the character sheets through a scene's Phaser loader.
// The Preload scene uses it behind its progress bar; the World scene uses it to load the map an exit leads to
// while the current one stays on screen. Any failure is thrown as one sentence.
import Phaser from 'phaser';
import { fetchText, type LoadedMap, loadTiledMap } from '../core/tiled/index.ts';
import { SPRITE_SHEETS, tilesetTextureKey } from './assets.ts';
import { sentenceOf } from './errorBanner.ts';
import type { MapRef } from './mapParam.ts';

/**
 * Resolves to the loaded map once its images are textures, or to null when `scene` stopped meanwhile. Rejects
 * with an Error whose message is the sentence to show.
 */
export async function loadMapWithImages(
  scene: Phaser.Scene,
  ref: MapRef,
  onProgress?: (share: number, map: LoadedMap) => void,
): Promise<LoadedMap | null> {
  let map: LoadedMap;
  try {
    map = await loadTiledMap(ref.url, fetchText, { name: ref.name });
  } catch (e) {
    throw new Error(sentenceOf(e, `Map file ${ref.url}`));
  }
  for (const warning of map.warnings) console.warn(warning);
  if (!scene.sys.isActive()) return null;

  const load = scene.load;
  for (const image of map.tilesetImages) {
    const texture = tilesetTextureKey(image.url);
    if (image.tileId === undefined && !scene.textures.exists(texture)) load.image(texture, image.url);
  }
  for (const sheet of SPRITE_SHEETS) {
    if (scene.textures.exists(sheet.key)) continue;
    load.spritesheet(sheet.key, sheet.url, { frameWidth: sheet.frameWidth, frameHeight: sheet.frameHeight });
  }

  const failed: string[] = [];
  const progress = (value: number) => onProgress?.(value, map);
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
    throw new Error(`Image ${failed[0]}${more} could not be loaded, so map ${ref.url} cannot be drawn.`);
  }
  return scene.sys.isActive() ? map : null;
}
