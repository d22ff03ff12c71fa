// Live reload in `npm run dev`: when a file the map on screen was read from (the map, its tilesets, templates or
// images) is saved again, the map is read afresh in the background and the World scene restarts on it with the
// player on its tile (or the walkable tile nearest it) and the camera's zoom kept. A save that no longer loads
// shows its sentence over the game, which plays on with the last good map until a later save mends it.
// tools/liveMaps.ts is the dev server's side; a built game has no HMR and this does nothing.
import Phaser from 'phaser';
import type { LoadedMap, ReadText } from '../core/tiled/index.ts';
import { nearestWalkable } from '../core/tiled/spawns.ts';
import { tilemapKey, tilesetTextureKey } from './assets.ts';
import { clearNotice, sentenceOf, showNotice } from './errorBanner.ts';
import { loadMapRef } from './mapParam.ts';
import { pageHook } from './pageHook.ts';
import { applyTransparentColours, fillImageSizes, forgetTexture, mapImageUrls } from './tilesetImages.ts';

/** The HMR event tools/liveMaps.ts sends: `{ paths }`, URL paths of the files that changed. */
const FILES_CHANGED = 'rpg:files-changed';

/** A ReadText that notes every URL it is asked for: the files a map depends on. */
export function recordingReader(read: ReadText, into: Set<string>): ReadText {
  return (url) => {
    into.add(url);
    return read(url);
  };
}

/** fetch that revalidates with the server, so a file saved a moment ago is never answered from the cache. */
const freshText: ReadText = async (url) => {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok)
    throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  return response.text();
};

export interface Reloaded {
  map: LoadedMap;
  mapUrl: string;
  files: string[];
  /** The player's tile on the new map (its old tile, or the walkable one nearest it). */
  arrival: { x: number; y: number };
}

export interface MapReloaderOptions {
  map: LoadedMap;
  mapUrl: string;
  /** The URLs the map was read from (recordingReader). */
  files: readonly string[];
  /** Where the player stands now. */
  player(): { x: number; y: number } | null;
  /** The new map is loaded and its images are in: restart on it. */
  onReloaded(next: Reloaded): void;
}

let reloads = 0;

export class MapReloader {
  private readonly watched = new Set<string>();
  private readonly off: (() => void) | undefined;
  private busy = false;
  private again = false;
  private changedImages = new Set<string>();

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly opts: MapReloaderOptions,
  ) {
    for (const url of opts.files) this.watched.add(pathOf(url));
    for (const url of mapImageUrls(opts.map)) this.watched.add(pathOf(url));
    const hot = import.meta.hot;
    if (!hot) return;
    const listener = (data: { paths?: unknown }) => {
      if (Array.isArray(data?.paths)) this.changed(data.paths.filter((p) => typeof p === 'string'));
    };
    hot.on(FILES_CHANGED, listener);
    this.off = () => hot.off(FILES_CHANGED, listener);
  }

  private changed(paths: string[]) {
    const ours = paths.filter((p) => this.watched.has(p));
    if (ours.length === 0) return;
    for (const url of mapImageUrls(this.opts.map))
      if (ours.includes(pathOf(url))) this.changedImages.add(url);
    if (this.busy) this.again = true;
    else void this.reload();
  }

  private async reload() {
    this.busy = true;
    const files = new Set<string>();
    const ref = { name: this.opts.map.name, url: this.opts.mapUrl };
    try {
      const { map, url } = await loadMapRef(ref, recordingReader(freshText, files), new DOMParser());
      if (!this.scene.scene.isActive()) return;
      for (const warning of map.warnings) console.warn(warning);
      await this.loadImages(map, url);
      clearNotice();
      pageHook.setReloadError(undefined);
      const here = this.opts.player() ?? { x: map.spawns[0].x, y: map.spawns[0].y };
      this.opts.onReloaded({ map, mapUrl: url, files: [...files], arrival: landing(map, here) });
    } catch (e) {
      const sentence = sentenceOf(e, `Map file ${ref.url}`);
      // The last good map stays and plays on; the sentence says why the save did not take.
      showNotice(sentence);
      pageHook.setReloadError(sentence);
      console.error(sentence);
    } finally {
      this.busy = false;
      if (this.again) {
        this.again = false;
        void this.reload();
      }
    }
  }

  /** Replaces the tilemap data and loads the images that changed (and any the new map adds). */
  private loadImages(map: LoadedMap, url: string): Promise<void> {
    const scene = this.scene;
    const key = tilemapKey(url);
    if (scene.cache.tilemap.exists(key)) scene.cache.tilemap.remove(key);
    scene.load.tilemapTiledJSON(key, map.normalized);
    const v = ++reloads;
    for (const url of mapImageUrls(map)) {
      const texture = tilesetTextureKey(url);
      const stale = this.changedImages.has(url);
      if (stale) forgetTexture(scene.textures, texture);
      if (!scene.textures.exists(texture)) {
        scene.load.image(texture, stale ? `${url}${url.includes('?') ? '&' : '?'}v=${v}` : url);
      }
    }
    this.changedImages.clear();
    return new Promise((resolve, reject) => {
      const failed: string[] = [];
      const onError = (file: Phaser.Loader.File) => failed.push(file.src);
      scene.load.on(Phaser.Loader.Events.FILE_LOAD_ERROR, onError);
      scene.load.once(Phaser.Loader.Events.COMPLETE, () => {
        scene.load.off(Phaser.Loader.Events.FILE_LOAD_ERROR, onError);
        if (failed.length > 0) {
          reject(new Error(`Image ${failed[0]} could not be loaded, so map ${url} cannot be drawn.`));
          return;
        }
        fillImageSizes(map.normalized, scene.textures);
        applyTransparentColours(map.normalized, scene.textures);
        resolve();
      });
      scene.load.start();
    });
  }

  destroy() {
    this.off?.();
  }
}

/** The player's tile on the reloaded map: where it stood, or the walkable tile nearest it. */
function landing(map: LoadedMap, at: { x: number; y: number }): { x: number; y: number } {
  const x = Math.min(Math.max(at.x, 0), map.width - 1);
  const y = Math.min(Math.max(at.y, 0), map.height - 1);
  if (map.nav.isWalkable(x, y)) return { x, y };
  return nearestWalkable(map.nav, x, y) ?? { x: map.spawns[0].x, y: map.spawns[0].y };
}

/** The URL path a page-relative or absolute URL names, as the dev server reports changed files. */
function pathOf(url: string): string {
  return decodeURIComponent(new URL(url, document.baseURI).pathname);
}
