// The engine's front door: everything a game needs from src/core (a Tiled map in, a grid, searches and a living
// world out), engine-free. examples/minimal shows it used from another Phaser game.
export * from './grid/index.ts';
export * from './path/index.ts';
export * from './tiled/index.ts';
export * from './world/index.ts';
