/** Why a character could not be put on a tile. */
export type PlacementFault = 'off-map' | 'unwalkable' | 'occupied' | 'no-free-tile';

/**
 * A character could not be put where it was asked to be (`World.addPlayer`/`addEnemy`, `place`, a respawn):
 * the tile is off the map, not walkable, or held by another character, or no free walkable tile is left on
 * the map at all. Carries its numbers so a caller words its own sentence (the message is one already).
 */
export class PlacementError extends RangeError {
  constructor(
    /** Who was being placed: 'player', 'enemy', or 'character N'. */
    readonly who: string,
    readonly x: number,
    readonly y: number,
    readonly fault: PlacementFault,
    /** With 'occupied': the id of the character standing there. */
    readonly occupant = 0,
  ) {
    super(placementSentence(who, x, y, fault, occupant));
    this.name = 'PlacementError';
  }
}

function placementSentence(
  who: string,
  x: number,
  y: number,
  fault: PlacementFault,
  occupant: number,
): string {
  const article = who === 'player' ? 'a player' : who === 'enemy' ? 'an enemy' : who;
  switch (fault) {
    case 'off-map':
      return `cannot place ${article} on (${x}, ${y}): off the map`;
    case 'unwalkable':
      return `cannot place ${article} on (${x}, ${y}): not a walkable tile of the map`;
    case 'occupied':
      return `cannot place ${article} on (${x}, ${y}): character ${occupant} stands there`;
    case 'no-free-tile':
      return `cannot place ${article} near (${x}, ${y}): no free walkable tile is left on the map`;
  }
}
