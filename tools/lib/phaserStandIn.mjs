/**
 * What grid-engine's published build takes from `phaser` when it loads, and nothing more: it imports
 * `Tilemaps` for the orientation check of its Phaser tilemap wrapper, which the headless engine never
 * builds. Served to grid-engine alone by phaserHook.mjs, so Node needs no browser to run GridEngineHeadless.
 */
export const Tilemaps = {
  Orientation: { ORTHOGONAL: 0, ISOMETRIC: 1, STAGGERED: 2, HEXAGONAL: 3 },
};

export default { Tilemaps };
