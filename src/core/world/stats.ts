/**
 * The world's counters, in one record the world owns: its helpers count into it (a step started, a hit on the
 * player, an enemy defeated) and everyone else reads them through the world's getters.
 */
export class WorldStats {
  /** Enemies in `chase` or `attack` right now, after this tick's fights (the HUD's "enemies chasing"). */
  chasing = 0;
  /** Enemies the player has defeated so far (the HUD's "Defeated"). */
  defeated = 0;
  /** Steps started, by anyone. */
  steps = 0;
  /** Enemy hits on the player. */
  catches = 0;
}
