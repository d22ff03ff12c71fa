// Draws a loaded Tiled map with Phaser's own tile layers, but only the part near the camera: every visible tile
// layer is cut into chunks of 32 × 32 tiles (chunkRange.ts), a chunk is built (a small Phaser TilemapLayer) when
// the camera comes near it and dropped when it has gone, so what the map costs in memory and per frame depends on
// the view, not on the map (a 4096 × 4096 map as a whole would be 16 million Phaser tile objects per layer).
// Layers keep the map's order, the ones marked `Above` in a band over the characters so roofs and treetops hide
// whoever walks behind them.
import Phaser from 'phaser';
import type { LoadedMap, NormalizedTileLayer } from '../core/tiled/index.ts';
import { FLIP_FLAGS } from '../core/tiled/index.ts';
import { tilesetTextureKey } from './assets.ts';
import { CHUNK_TILES, type ChunkRect, chunksFor, inRect } from './chunkRange.ts';
import { DEPTH } from './depths.ts';

/** Chunks this many tiles beyond the view are built ahead of time, a few per frame. */
const PREFETCH_TILES = 8;
/** Built chunks beyond the view and this many more chunks are dropped. */
const KEEP_CHUNKS = 1;
/** Chunks built per frame ahead of need (those the view needs now are always built at once). */
const PREFETCH_PER_FRAME = 2;

/** One visible tile layer of the map, drawn chunk by chunk. */
interface DrawnLayer {
  name: string;
  data: ArrayLike<number>;
  depth: number;
  offsetX: number;
  offsetY: number;
  alpha: number;
  /** Per chunk: 0 not built, 1 built, 2 known to hold no tile (nothing to build). */
  status: Uint8Array;
  /** Per chunk, its Phaser layer while built. */
  built: (Phaser.Tilemaps.TilemapLayer | null)[];
  /** The chunks built now (indices into `built`). */
  live: number[];
}

export class MapView {
  readonly widthPx: number;
  readonly heightPx: number;
  /** Holds the map's tilesets (with their textures) for the chunk layers; it holds no layer of its own. */
  private readonly tilemap: Phaser.Tilemaps.Tilemap;
  private readonly tilesets: Phaser.Tilemaps.Tileset[] = [];
  private readonly layers: DrawnLayer[] = [];
  private readonly cols: number;
  private readonly rows: number;
  /** Tiles a tile may draw beyond its own cell (tileset tiles larger than the grid, tile offsets). */
  private readonly reach: number;
  private readonly now: ChunkRect = { x0: 0, y0: 0, x1: -1, y1: -1 };
  private readonly ahead: ChunkRect = { x0: 0, y0: 0, x1: -1, y1: -1 };
  private readonly keep: ChunkRect = { x0: 0, y0: 0, x1: -1, y1: -1 };
  /** Chunk layers built so far and dropped so far (the page hook and the bench read them). */
  builtCount = 0;
  droppedCount = 0;
  liveCount = 0;

  constructor(
    private readonly scene: Phaser.Scene,
    readonly map: LoadedMap,
  ) {
    this.widthPx = map.width * map.tileWidth;
    this.heightPx = map.height * map.tileHeight;
    this.cols = Math.ceil(map.width / CHUNK_TILES);
    this.rows = Math.ceil(map.height / CHUNK_TILES);

    const json = map.normalized;
    const mapData = new Phaser.Tilemaps.MapData({
      name: map.name,
      width: CHUNK_TILES,
      height: CHUNK_TILES,
      tileWidth: map.tileWidth,
      tileHeight: map.tileHeight,
      orientation: Phaser.Tilemaps.Orientation.ORTHOGONAL,
      renderOrder: json.renderorder ?? 'right-down',
      format: Phaser.Tilemaps.Formats.TILED_JSON,
    });
    // Phaser's own reading of the tilesets keeps what it knows of them (tile animations, offsets).
    const parsed = Phaser.Tilemaps.Parsers.Tiled.ParseTilesets({
      tilesets: json.tilesets,
      version: json.version,
    }) as { tilesets: Phaser.Tilemaps.Tileset[] };
    mapData.tilesets = parsed.tilesets;
    this.tilemap = new Phaser.Tilemaps.Tilemap(scene, mapData);

    let reach = 1;
    for (const image of map.tilesetImages) {
      // Image-collection tilesets (one image per tile) are a Tiled feature Phaser's tilemap cannot draw.
      if (image.tileId !== undefined) continue;
      const tileset = this.tilemap.addTilesetImage(image.name, tilesetTextureKey(image.url));
      if (!tileset) continue;
      this.tilesets.push(tileset);
      const over = Math.max(
        (tileset.tileWidth + Math.abs(tileset.tileOffset.x)) / map.tileWidth,
        (tileset.tileHeight + Math.abs(tileset.tileOffset.y)) / map.tileHeight,
      );
      reach = Math.max(reach, Math.ceil(over));
    }
    this.reach = reach;

    for (const info of map.layers) {
      if (info.kind !== 'tile' || !info.visible) continue;
      const raw = json.layers[info.index] as NormalizedTileLayer;
      this.layers.push({
        name: info.name,
        data: raw.data,
        depth: (info.above ? DEPTH.above : DEPTH.ground) + info.index,
        offsetX: raw.offsetx ?? 0,
        offsetY: raw.offsety ?? 0,
        alpha: raw.opacity ?? 1,
        status: new Uint8Array(this.cols * this.rows),
        built: new Array(this.cols * this.rows).fill(null),
        live: [],
      });
    }
  }

  /** World pixels of a tile's centre. */
  tileCentre(x: number, y: number): { x: number; y: number } {
    return { x: (x + 0.5) * this.map.tileWidth, y: (y + 0.5) * this.map.tileHeight };
  }

  /**
   * Brings the built chunks in line with what `camera` shows (call after the camera has moved this frame):
   * chunks in view are built now, chunks a little ahead a few per frame, chunks far out of view dropped.
   */
  update(camera: Phaser.Cameras.Scene2D.Camera): void {
    const zoom = camera.zoom;
    const w = camera.width / zoom;
    const h = camera.height / zoom;
    const left = camera.scrollX + camera.width / 2 - w / 2;
    const top = camera.scrollY + camera.height / 2 - h / 2;
    const tw = this.map.tileWidth;
    const th = this.map.tileHeight;
    let budget = PREFETCH_PER_FRAME;
    for (const layer of this.layers) {
      const { offsetX: ox, offsetY: oy } = layer;
      const r = this.reach;
      chunksFor(left, top, w, h, tw, th, ox, oy, r, this.cols, this.rows, this.now);
      chunksFor(left, top, w, h, tw, th, ox, oy, r + PREFETCH_TILES, this.cols, this.rows, this.ahead);
      const keep = this.keep;
      keep.x0 = this.ahead.x0 - KEEP_CHUNKS;
      keep.y0 = this.ahead.y0 - KEEP_CHUNKS;
      keep.x1 = this.ahead.x1 + KEEP_CHUNKS;
      keep.y1 = this.ahead.y1 + KEEP_CHUNKS;
      for (let cy = this.ahead.y0; cy <= this.ahead.y1; cy++) {
        for (let cx = this.ahead.x0; cx <= this.ahead.x1; cx++) {
          const k = cy * this.cols + cx;
          if (layer.status[k] !== 0) continue;
          if (inRect(this.now, cx, cy)) this.build(layer, cx, cy);
          else if (budget > 0) {
            budget--;
            this.build(layer, cx, cy);
          }
        }
      }
      const live = layer.live;
      let kept = 0;
      for (let j = 0; j < live.length; j++) {
        const k = live[j];
        if (inRect(keep, k % this.cols, Math.floor(k / this.cols))) {
          live[kept++] = k;
          continue;
        }
        layer.built[k]?.destroy(false);
        layer.built[k] = null;
        layer.status[k] = 0;
        this.droppedCount++;
        this.liveCount--;
      }
      live.length = kept;
    }
  }

  /** Makes the Phaser layer of one chunk of one map layer (or notes that the chunk holds no tile). */
  private build(layer: DrawnLayer, cx: number, cy: number): void {
    const map = this.map;
    const k = cy * this.cols + cx;
    const x0 = cx * CHUNK_TILES;
    const y0 = cy * CHUNK_TILES;
    const cw = Math.min(CHUNK_TILES, map.width - x0);
    const ch = Math.min(CHUNK_TILES, map.height - y0);
    const data = layer.data;
    let any = false;
    for (let y = 0; y < ch && !any; y++) {
      const row = (y0 + y) * map.width + x0;
      for (let x = 0; x < cw; x++) {
        if (data[row + x] !== 0) {
          any = true;
          break;
        }
      }
    }
    if (!any) {
      layer.status[k] = 2;
      return;
    }
    const tw = map.tileWidth;
    const th = map.tileHeight;
    const px = layer.offsetX + x0 * tw;
    const py = layer.offsetY + y0 * th;
    const layerData = new Phaser.Tilemaps.LayerData({
      name: `${layer.name} (${cx}, ${cy})`,
      x: px,
      y: py,
      width: cw,
      height: ch,
      tileWidth: tw,
      tileHeight: th,
      alpha: layer.alpha,
    });
    const rows: (Phaser.Tilemaps.Tile | null)[][] = [];
    for (let y = 0; y < ch; y++) {
      const row: (Phaser.Tilemaps.Tile | null)[] = new Array(cw);
      const at = (y0 + y) * map.width + x0;
      for (let x = 0; x < cw; x++) {
        const gid = data[at + x];
        if (gid === 0) {
          row[x] = null;
          continue;
        }
        // core/tiled clears the hexagonal bit: only the three flips can be set here.
        if ((gid & FLIP_FLAGS) === 0) {
          row[x] = new Phaser.Tilemaps.Tile(layerData, gid, x, y, tw, th, tw, th);
          continue;
        }
        // Tiled's flips as Phaser's parser reads them: flip and rotation.
        const info = Phaser.Tilemaps.Parsers.Tiled.ParseGID(gid);
        const tile = new Phaser.Tilemaps.Tile(layerData, info.gid, x, y, tw, th, tw, th);
        tile.rotation = info.rotation;
        tile.flipX = info.flipped;
        row[x] = tile;
      }
      rows.push(row);
    }
    layerData.data = rows as Phaser.Tilemaps.Tile[][];
    // A TilemapLayer finds its data in its tilemap's list when made, and keeps it; the list stays empty so
    // dropping a chunk costs no search through it.
    const list = this.tilemap.layers;
    list.push(layerData);
    const drawn = new Phaser.Tilemaps.TilemapLayer(
      this.scene,
      this.tilemap,
      list.length - 1,
      this.tilesets,
      px,
      py,
    );
    list.pop();
    drawn.setRenderOrder(this.tilemap.renderOrder);
    drawn.setCullPadding(this.reach, this.reach);
    // Chunks of one layer keep its place among the map's layers; lower rows over higher ones, as Tiled draws.
    drawn.setDepth(layer.depth + (cy + 1) / (this.rows + 2));
    this.scene.sys.displayList.add(drawn);
    layer.built[k] = drawn;
    layer.live.push(k);
    layer.status[k] = 1;
    this.builtCount++;
    this.liveCount++;
  }

  destroy() {
    for (const layer of this.layers) {
      for (const k of layer.live) {
        layer.built[k]?.destroy(false);
        layer.built[k] = null;
      }
      layer.live.length = 0;
    }
    this.liveCount = 0;
    this.tilemap.destroy();
  }
}
