// Loads one map and everything it draws with, behind a progress bar: first the map file and its tilesets
// (read by core/tiled, which also builds the navigation grid), then the images through Phaser's loader.
// Any failure becomes one sentence on the page. Exits come back here with the next map.
import Phaser from 'phaser';
import { fetchText } from '../core/tiled/index.ts';
import { CHARACTER_SHEET, tilemapKey, tilesetTextureKey } from '../view/assets.ts';
import { clearError, sentenceOf, showError } from '../view/errorBanner.ts';
import { recordingReader } from '../view/MapReloader.ts';
import { loadMapRef, type MapRef } from '../view/mapParam.ts';
import { ProgressBar } from '../view/ProgressBar.ts';
import { pageHook } from '../view/pageHook.ts';
import { applyTransparentColours, fillImageSizes, mapImageUrls } from '../view/tilesetImages.ts';
import type { PlayParams } from '../view/urlParams.ts';
import type { WorldData } from './WorldScene.ts';

export interface PreloadData {
  map: MapRef;
  /** The page's play parameters (seed, enemies, aggro, debug): they hold for every map of the visit. */
  params: PlayParams;
  /** Arrival tile in the new map (from an exit's `x`, `y`), instead of its player spawn. */
  arrival?: { x: number; y: number };
}

export class PreloadScene extends Phaser.Scene {
  private bar!: ProgressBar;

  constructor() {
    super('Preload');
  }

  create(data: PreloadData) {
    pageHook.leaveMap();
    clearError();
    this.bar = new ProgressBar(this);
    this.bar.show(0, `Reading ${data.map.url}…`);
    this.loadMap(data).catch((e: unknown) => this.fail(sentenceOf(e, `Map file ${data.map.url}`)));
  }

  private async loadMap(data: PreloadData) {
    const files = new Set<string>();
    const { map, url: mapUrl } = await loadMapRef(
      data.map,
      recordingReader(fetchText, files),
      new DOMParser(),
    );
    for (const warning of map.warnings) console.warn(warning);
    if (!this.scene.isActive()) return;

    // A map visited before is still cached under its URL; replace it, the file may have changed since.
    const key = tilemapKey(mapUrl);
    if (this.cache.tilemap.exists(key)) this.cache.tilemap.remove(key);
    this.load.tilemapTiledJSON(key, map.normalized);
    // Image-collection tiles and image layers too: view/TileObjects draws them (Phaser's tile layers cannot).
    for (const url of mapImageUrls(map)) {
      const texture = tilesetTextureKey(url);
      if (!this.textures.exists(texture)) this.load.image(texture, url);
    }
    if (!this.textures.exists(CHARACTER_SHEET.key)) {
      this.load.spritesheet(CHARACTER_SHEET.key, CHARACTER_SHEET.url, {
        frameWidth: CHARACTER_SHEET.frameWidth,
        frameHeight: CHARACTER_SHEET.frameHeight,
      });
    }

    const failed: string[] = [];
    const onProgress = (value: number) => this.bar.show(value, `Loading ${map.name}…`);
    const onError = (file: Phaser.Loader.File) => failed.push(file.src);
    this.load.on(Phaser.Loader.Events.PROGRESS, onProgress);
    this.load.on(Phaser.Loader.Events.FILE_LOAD_ERROR, onError);
    this.load.once(Phaser.Loader.Events.COMPLETE, () => {
      this.load.off(Phaser.Loader.Events.PROGRESS, onProgress);
      this.load.off(Phaser.Loader.Events.FILE_LOAD_ERROR, onError);
      if (failed.length > 0) {
        const more = failed.length > 1 ? ` and ${failed.length - 1} more file(s)` : '';
        this.fail(`Image ${failed[0]}${more} could not be loaded, so map ${mapUrl} cannot be drawn.`);
        return;
      }
      fillImageSizes(map.normalized, this.textures);
      applyTransparentColours(map.normalized, this.textures);
      const world: WorldData = { map, mapUrl, files: [...files], arrival: data.arrival, params: data.params };
      this.scene.start('World', world);
    });
    this.load.start();
  }

  private fail(sentence: string) {
    this.bar?.hide();
    showError(sentence);
  }
}
