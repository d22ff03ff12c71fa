// What the HUD shows, as the game keeps it: LivingWorld writes it from the world each frame, HudScene draws it.
// It lives in view/ so the view never imports a scene.
export interface HudModel {
  mapName: string;
  /** The player's hit points as the world has them (after a respawn: full again). */
  hp: number;
  maxHp: number;
  /** Enemies chasing the player, as the world counts them (0 at a game over: they went home). */
  chasing: number;
  /** Enemies the player has defeated so far (the world's count). */
  defeated: number;
  enemies: number;
  gameOver: boolean;
  debug: boolean;
  /** Lines of the debug readout (frame time, own work, ticks). */
  readout: string;
  /** A sentence the player must read (an exit that leads nowhere), '' for none. */
  notice: string;
  restart(): void;
  /** The strips changed height (game pixels): the world's camera keeps to the window between them. */
  setInsets(top: number, bottom: number): void;
}
