// A tiny pixel canvas for drawing tiles by script: a square of RGBA bytes with the few operations pixel art
// needs (fill, rectangles, discs, shading, seeded noise), and a sheet that packs tiles the way Tiled reads
// them (margin, spacing, each tile's edge pixels extruded into its spacing).
import { PNG } from 'pngjs';

export type RGB = readonly [number, number, number];

export function hex(h: string): RGB {
  const v = Number.parseInt(h.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mulberry32: small, seeded, good enough for texture noise that must not change between runs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Tile {
  readonly data: Uint8Array;
  constructor(readonly size: number) {
    this.data = new Uint8Array(size * size * 4);
  }

  set(x: number, y: number, c: RGB, alpha = 255) {
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return;
    const i = (y * this.size + x) * 4;
    if (alpha >= 255 || this.data[i + 3] === 0) {
      this.data[i] = c[0];
      this.data[i + 1] = c[1];
      this.data[i + 2] = c[2];
      this.data[i + 3] = Math.max(alpha, this.data[i + 3]);
      return;
    }
    const a = alpha / 255;
    for (let k = 0; k < 3; k++) this.data[i + k] = Math.round(this.data[i + k] * (1 - a) + c[k] * a);
  }

  get(x: number, y: number): RGB {
    const i = (y * this.size + x) * 4;
    return [this.data[i], this.data[i + 1], this.data[i + 2]];
  }

  rect(x: number, y: number, w: number, h: number, c: RGB, alpha = 255) {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) this.set(xx, yy, c, alpha);
  }

  disc(cx: number, cy: number, r: number, c: RGB, alpha = 255) {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
        if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) this.set(x, y, c, alpha);
      }
    }
  }

  /** Lightens (amount > 0) or darkens every opaque pixel of a rectangle. */
  shade(x: number, y: number, w: number, h: number, amount: number) {
    for (let yy = Math.max(0, y); yy < Math.min(this.size, y + h); yy++) {
      for (let xx = Math.max(0, x); xx < Math.min(this.size, x + w); xx++) {
        const i = (yy * this.size + xx) * 4;
        for (let k = 0; k < 3; k++) this.data[i + k] = Math.max(0, Math.min(255, this.data[i + k] + amount));
      }
    }
  }

  /** Per-pixel grain, so flat colours read as stone rather than plastic. */
  grain(random: () => number, strength: number) {
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) this.shade(x, y, 1, 1, Math.round((random() - 0.5) * 2 * strength));
    }
  }

  copyFrom(other: Tile) {
    this.data.set(other.data);
    return this;
  }
}

/** Packs tiles into one PNG, `columns` wide, with Tiled's margin and spacing filled by extruded edges. */
export function packSheet(tiles: Tile[], columns: number, margin: number, spacing: number): Buffer {
  const size = tiles[0].size;
  const rows = Math.ceil(tiles.length / columns);
  const width = margin * 2 + columns * size + (columns - 1) * spacing;
  const height = margin * 2 + rows * size + (rows - 1) * spacing;
  const png = new PNG({ width, height });
  png.data.fill(0);
  const ext = Math.min(margin, Math.ceil(spacing / 2));
  tiles.forEach((tile, n) => {
    const ox = margin + (n % columns) * (size + spacing);
    const oy = margin + Math.floor(n / columns) * (size + spacing);
    for (let y = -ext; y < size + ext; y++) {
      for (let x = -ext; x < size + ext; x++) {
        const sx = Math.min(size - 1, Math.max(0, x));
        const sy = Math.min(size - 1, Math.max(0, y));
        const si = (sy * size + sx) * 4;
        const di = ((oy + y) * width + ox + x) * 4;
        for (let k = 0; k < 4; k++) png.data[di + k] = tile.data[si + k];
      }
    }
  });
  return PNG.sync.write(png);
}
