// The grid's front door: the walkable cells every character walks on, their costs and who holds each, the
// eight directions, and which tiles reach which. Nothing outside src/core/grid imports its files directly.
export { DIR_NAMES, Dir, type DirName, DX, DY, dirOf, isDiagonal, opposite } from './directions.ts';
export { MAX_GRID_CELLS, NavGrid } from './NavGrid.ts';
export { nearestReachable } from './nearestReachable.ts';
export { diagonalExtra, openDistance } from './openDistance.ts';
export { Regions } from './Regions.ts';
