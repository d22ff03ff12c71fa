/**
 * The walk between cells `a` and `b` of a grid `width` wide on open ground, in tiles: octile with 8 moves,
 * Manhattan with 4. `diagonal` is what a diagonal offset costs over a straight one (`diagonalExtra`).
 */
export function openDistance(a: number, b: number, width: number, diagonal: number): number {
  const ax = a % width;
  const bx = b % width;
  const dx = ax > bx ? ax - bx : bx - ax;
  const ay = (a - ax) / width;
  const by = (b - bx) / width;
  const dy = ay > by ? ay - by : by - ay;
  return dx > dy ? dx + diagonal * dy : dy + diagonal * dx;
}

/** A diagonal offset's extra over a straight one: √2 − 1 with 8 moves; with 4 it takes two straight steps. */
export function diagonalExtra(moves: 8 | 4): number {
  return moves === 8 ? Math.SQRT2 - 1 : 1;
}
