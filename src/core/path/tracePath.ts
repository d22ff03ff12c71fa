/**
 * Walks parents back from `end`, filling in the straight or diagonal runs between JPS jump points (A*'s
 * parents are always neighbours), in a grid `w` cells wide. The only allocation of a search is this array.
 */
export function tracePath(parent: Int32Array, w: number, start: number, end: number): number[] {
  // Rows by truncating (c + 0.5)/w, multiplied by 1/w (exact for any grid that fits in memory): integer
  // divisions and Math.floor's checks are slow.
  const invW = 1 / w;
  let length = 0;
  for (let c = end; c !== start; c = parent[c]) {
    const p = parent[c];
    const cy = ((c + 0.5) * invW) | 0;
    const py = ((p + 0.5) * invW) | 0;
    const dy = cy > py ? cy - py : py - cy;
    const dx = c - cy * w - (p - py * w);
    const adx = dx < 0 ? -dx : dx;
    length += adx > dy ? adx : dy;
  }
  const path = new Array<number>(length);
  let k = length - 1;
  for (let c = end; c !== start; c = parent[c]) {
    const p = parent[c];
    const cy = ((c + 0.5) * invW) | 0;
    const py = ((p + 0.5) * invW) | 0;
    const dx = c - cy * w - (p - py * w);
    const step = (dx > 0 ? 1 : dx < 0 ? -1 : 0) + (cy > py ? w : cy < py ? -w : 0);
    for (let at = c; at !== p; at -= step) path[k--] = at;
  }
  return path;
}
