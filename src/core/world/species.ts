// The kinds of enemy a map may ask for with the spawn property `kind`, each with its own pace and toughness. A
// spawn's own `speed` and `hp` still win; a kind that leaves one out takes the world's enemy default.

export interface Species {
  /** Tiles per second. */
  speed?: number;
  hp?: number;
}

export const SPECIES: Readonly<Record<string, Species>> = {
  /** Slow and soft-bodied, but it takes a beating. */
  slime: { speed: 2.5, hp: 45 },
  /** Quick on the wing, down in a couple of blows. */
  bat: { speed: 4.5, hp: 25 },
  /** The world's standard enemy: its default pace and hit points. */
  skeleton: {},
};

/** An enemy whose spawn names no kind (and every extra enemy of `?enemies=N`). */
export const DEFAULT_SPECIES = 'skeleton';

/** The kind a spawn's `kind` property names (any case), or undefined when it names none the world knows. */
export function speciesNamed(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(SPECIES, key) ? key : undefined;
}
