// Live reload in `npm run dev`: when a file the map on screen was read from (the map, its tilesets, templates or
// images) is saved again, the map is read afresh in the background and the World scene restarts on it with the
// player on its tile (or the walkable tile nearest it) and the camera's zoom kept. A save that no longer loads
// shows its sentence over the game, which plays on with the last good map until a later save mends it.
// tools/lib/liveMaps.ts is the dev server's side; a built game has no HMR and this does nothing.
import type Phaser from 'phaser';
import type { LoadedMap, ReadText } from '../core/tiled/index.ts';
import { nearestWalkable } from '../core/tiled/index.ts';
import { clearNotice, showNotice } from './errorBanner.ts';
import { loadMapWithImages } from './mapLoading.ts';
import { pageHook } from './pageHook.ts';
import { mapImageUrls } from './tilesetImages.ts';

/** The HMR event tools/lib/liveMaps.ts sends: `{ paths }`, URL paths of the files that changed. */
const FILES_CHANGED = 'rpg:files-changed';

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
  /** The URLs the map was read from (mapLoading's recordingReader). */
  files: readonly string[];
  /** Where the player stands now. */
  player(): { x: number; y: number } | null;
  /** The new map is loaded and its images are in: restart on it. */
  onReloaded(next: Reloaded): void;
}

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
    const ref = { name: this.opts.map.name, url: this.opts.mapUrl };
    const stale = this.changedImages;
    this.changedImages = new Set();
    try {
      const loaded = await loadMapWithImages(this.scene, ref, { read: freshText, stale });
      if (!loaded) return;
      const { map, url, files } = loaded;
      clearNotice();
      pageHook.setReloadError(undefined);
      const here = this.opts.player() ?? { x: map.spawns[0].x, y: map.spawns[0].y };
      this.opts.onReloaded({ map, mapUrl: url, files, arrival: landing(map, here) });
    } catch (e) {
      // loadMapWithImages rejects with the sentence itself.
      const sentence = e instanceof Error ? e.message : String(e);
      // The last good map stays and plays on; the sentence says why the save did not take.
      showNotice(sentence);
      pageHook.setReloadError(sentence);
      console.error(sentence);
      // Images saved meanwhile are still to be loaded afresh by the next save that loads.
      for (const url of stale) this.changedImages.add(url);
    } finally {
      this.busy = false;
      if (this.again) {
        this.again = false;
        void this.reload();
      }
    }
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
