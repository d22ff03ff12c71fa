/**
 * The eight compass directions of a tile grid, y growing downwards (screen and Tiled convention).
 * Even indices are the orthogonal directions, odd ones the diagonals.
 */
export const Dir = {
  N: 0,
  NE: 1,
  E: 2,
  SE: 3,
  S: 4,
  SW: 5,
  W: 6,
  NW: 7,
} as const;
export type Dir = (typeof Dir)[keyof typeof Dir];

export const DIR_NAMES = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;
export type DirName = (typeof DIR_NAMES)[number];

export const DX: readonly number[] = [0, 1, 1, 1, 0, -1, -1, -1];
export const DY: readonly number[] = [-1, -1, 0, 1, 1, 1, 0, -1];

/** The direction pointing the other way. */
export function opposite(d: number): number {
  return (d + 4) & 7;
}

/** The direction of a unit step (dx, dy), each in -1..1 and not both 0; -1 otherwise. */
export function dirOf(dx: number, dy: number): number {
  for (let d = 0; d < 8; d++) if (DX[d] === dx && DY[d] === dy) return d;
  return -1;
}

export function isDiagonal(d: number): boolean {
  return (d & 1) === 1;
}
