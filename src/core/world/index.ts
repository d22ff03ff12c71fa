// The world's front door: the fixed-tick simulation (World and its commands), bringing a map's characters to
// life (populate), the seeded randomness, its events and the trace tools write. Nothing outside
// src/core/world imports its files directly.
export type { BrainState, Character, CharacterKind, CharacterProps } from './Character.ts';
export type { WorldConfig } from './config.ts';
export type { WorldEvent, WorldEventType } from './events.ts';
export { Journey } from './Journey.ts';
export { PlacementError, type PlacementFault } from './PlacementError.ts';
export { walkGoal } from './Planning.ts';
export { PopulateError, type PopulateOptions, populate, type SpawnPoint } from './populate.ts';
export { isSeedText, Rng, SEED_RANGE } from './rng.ts';
export { DEFAULT_SPECIES, SPECIES, type Species, speciesNamed } from './species.ts';
export { traceHeader, traceLine } from './trace.ts';
export { World } from './World.ts';
export { type MapForWorld, type WorldForMapOptions, worldForMap } from './worldForMap.ts';
