// A frame of pixel art in art pixels (drawn at 2× into the sheet, as the character art is): filled shapes,
// a dark outline around whatever is opaque, mirroring, and copying into a sheet's RGBA bytes doubled.
import type { RGB } from './pixels.ts';

export class ArtFrame {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  set(x: number, y: number, c: RGB, alpha = 255): void {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    if (xi < 0 || yi < 0 || xi >= this.width || yi >= this.height) return;
    const i = (yi * this.width + xi) * 4;
    this.data[i] = c[0];
    this.data[i + 1] = c[1];
    this.data[i + 2] = c[2];
    this.data[i + 3] = alpha;
  }

  opaque(x: number, y: number): boolean {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return false;
    return this.data[(y * this.width + x) * 4 + 3] !== 0;
  }

  rect(x: number, y: number, w: number, h: number, c: RGB, alpha = 255): void {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) this.set(xx, yy, c, alpha);
  }

  /** A filled ellipse centred on (cx, cy), pixels whose centres fall inside; `cut` keeps rows above it only. */
  ellipse(cx: number, cy: number, rx: number, ry: number, c: RGB, cut = Infinity, alpha = 255): void {
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++) {
      if (y + 0.5 > cut) continue;
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        const dx = (x + 0.5 - cx) / rx;
        const dy = (y + 0.5 - cy) / ry;
        if (dx * dx + dy * dy <= 1) this.set(x, y, c, alpha);
      }
    }
  }

  /** A filled polygon (even–odd rule over pixel centres). */
  polygon(points: readonly (readonly [number, number])[], c: RGB): void {
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const [, y] of points) {
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
    for (let y = Math.floor(y0); y <= Math.ceil(y1); y++) {
      const py = y + 0.5;
      for (let x = 0; x < this.width; x++) {
        const px = x + 0.5;
        let inside = false;
        for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
          const [xi, yi] = points[i];
          const [xj, yj] = points[j];
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        }
        if (inside) this.set(x, y, c);
      }
    }
  }

  /** A line one art pixel thick (limbs, bones). */
  line(x0: number, y0: number, x1: number, y1: number, c: RGB): void {
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
    for (let k = 0; k <= n; k++) this.set(x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n, c);
  }

  /** Every transparent pixel beside an opaque one (4 ways) becomes `c`: the art's dark outline. */
  outline(c: RGB): void {
    const edge: number[] = [];
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++) {
        if (this.opaque(x, y)) continue;
        if (this.opaque(x - 1, y) || this.opaque(x + 1, y) || this.opaque(x, y - 1) || this.opaque(x, y + 1))
          edge.push(x, y);
      }
    for (let k = 0; k < edge.length; k += 2) this.set(edge[k], edge[k + 1], c);
  }

  /** The same frame seen in a mirror (facing west instead of east). */
  mirrored(): ArtFrame {
    const out = new ArtFrame(this.width, this.height);
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++) {
        const from = (y * this.width + x) * 4;
        const to = (y * this.width + (this.width - 1 - x)) * 4;
        out.data.set(this.data.subarray(from, from + 4), to);
      }
    return out;
  }

  /** Writes the frame at (left, top) of an RGBA sheet `sheetWidth` px wide, each art pixel as `scale` × `scale`. */
  blit(sheet: Uint8Array, sheetWidth: number, left: number, top: number, scale: number): void {
    for (let y = 0; y < this.height * scale; y++)
      for (let x = 0; x < this.width * scale; x++) {
        const from = (Math.floor(y / scale) * this.width + Math.floor(x / scale)) * 4;
        const to = ((top + y) * sheetWidth + left + x) * 4;
        for (let k = 0; k < 4; k++) sheet[to + k] = this.data[from + k];
      }
  }
}
