// Draw order of everything in the World scene. Tile layers keep their order from the map within their band, so
// a map author's layer stack reads the same in the game as in Tiled.
export const DEPTH = {
  /** Tile layers below the characters: base + the layer's index in the map. */
  ground: 0,
  /** Characters (and anything standing among them) sort within this band by their y. */
  characters: 1_000,
  /** Tile layers named `Above` (or with the property `above`): roofs, treetops, arches. */
  above: 2_000,
  /** Debug overlay, path previews, markers: over the whole map. */
  overlay: 3_000,
} as const;
