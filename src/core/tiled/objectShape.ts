import { isObject, type Json, numberOr } from './json.ts';

/**
 * The area a Tiled object covers, in map pixels, for "does it cover this cell's centre" and "which tile is
 * under its centre". Rotation (degrees, clockwise, around the object's anchor) is undone by rotating the
 * point the other way. Tile objects anchor bottom-left (orthogonal maps), everything else top-left.
 */
export interface ObjectShape {
  kind: 'rect' | 'ellipse' | 'polygon' | 'point' | 'line';
  /** Anchor in map pixels. */
  x: number;
  y: number;
  cos: number;
  sin: number;
  /** Unrotated extent relative to the anchor. */
  left: number;
  top: number;
  width: number;
  height: number;
  polygon: { x: number; y: number }[];
}

export function objectShape(o: Json): ObjectShape {
  const x = numberOr(o, 'x', 0);
  const y = numberOr(o, 'y', 0);
  const w = Math.max(0, numberOr(o, 'width', 0));
  const h = Math.max(0, numberOr(o, 'height', 0));
  const angle = (numberOr(o, 'rotation', 0) * Math.PI) / 180;
  const base = {
    x,
    y,
    cos: Math.cos(angle),
    sin: Math.sin(angle),
    polygon: [] as { x: number; y: number }[],
  };
  if (o.point === true) return { ...base, kind: 'point', left: 0, top: 0, width: 0, height: 0 };
  const points = Array.isArray(o.polygon) ? o.polygon : Array.isArray(o.polyline) ? o.polyline : undefined;
  if (points) {
    const polygon = points.filter(isObject).map((p) => ({ x: numberOr(p, 'x', 0), y: numberOr(p, 'y', 0) }));
    let minX = polygon.length > 0 ? Infinity : 0;
    let minY = minX;
    let maxX = -minX;
    let maxY = -minX;
    for (const p of polygon) {
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
    const kind = Array.isArray(o.polygon) ? 'polygon' : 'line';
    return { ...base, kind, polygon, left: minX, top: minY, width: maxX - minX, height: maxY - minY };
  }
  const top = typeof o.gid === 'number' ? -h : 0;
  return { ...base, kind: o.ellipse === true ? 'ellipse' : 'rect', left: 0, top, width: w, height: h };
}

/** The object's centre in map pixels (its anchor for points). */
export function shapeCentre(s: ObjectShape): { x: number; y: number } {
  const lx = s.left + s.width / 2;
  const ly = s.top + s.height / 2;
  return { x: s.x + lx * s.cos - ly * s.sin, y: s.y + lx * s.sin + ly * s.cos };
}

/** Whether the shape covers map pixel (px, py). Points and polylines cover nothing. */
export function shapeCovers(s: ObjectShape, px: number, py: number): boolean {
  if (s.kind === 'point' || s.kind === 'line' || s.width <= 0 || s.height <= 0) return false;
  const dx = px - s.x;
  const dy = py - s.y;
  const lx = dx * s.cos + dy * s.sin;
  const ly = -dx * s.sin + dy * s.cos;
  if (lx < s.left || ly < s.top || lx > s.left + s.width || ly > s.top + s.height) return false;
  if (s.kind === 'rect') return true;
  if (s.kind === 'ellipse') {
    const rx = s.width / 2;
    const ry = s.height / 2;
    const ex = (lx - s.left - rx) / rx;
    const ey = (ly - s.top - ry) / ry;
    return ex * ex + ey * ey <= 1;
  }
  let inside = false;
  const p = s.polygon;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    if (
      p[i].y > ly !== p[j].y > ly &&
      lx < ((p[j].x - p[i].x) * (ly - p[i].y)) / (p[j].y - p[i].y) + p[i].x
    ) {
      inside = !inside;
    }
  }
  return inside;
}

/** Axis-aligned pixel box around the (rotated) shape, for the cells worth testing. */
export function shapeBox(s: ObjectShape): { x0: number; y0: number; x1: number; y1: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [lx, ly] of [
    [s.left, s.top],
    [s.left + s.width, s.top],
    [s.left, s.top + s.height],
    [s.left + s.width, s.top + s.height],
  ]) {
    xs.push(s.x + lx * s.cos - ly * s.sin);
    ys.push(s.y + lx * s.sin + ly * s.cos);
  }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}
