// The keyboard: arrow keys, and W A S for up, left and down, step the player one tile (two keys at once: a
// diagonal); holding a key keeps walking, each next step queued while the current one is under way so the walk
// does not stutter. D toggles the debug view, the key the game's brief names for it: it gives up "step right"
// (→ still steps right), since otherwise the debug view had no plain key. Each step goes through the world's
// `stepDir`, which takes it only if it is a legal move.
import Phaser from 'phaser';
import { DX, DY } from '../core/grid/index.ts';
import type { Character, World } from '../core/world/index.ts';

const K = Phaser.Input.Keyboard.KeyCodes;
/** Direction index (0 = N, clockwise, as grid/directions.ts) for each sum of held axes, [dy + 1][dx + 1]. */
const DIR_OF = [
  [7, 0, 1],
  [6, -1, 2],
  [5, 4, 3],
];

/**
 * A held key walks on once it has been down for this share of one step's time: a tap stays one step, and a
 * held key's second step starts as its first ends.
 */
const HOLD_SHARE_OF_STEP = 1;
/** ...and seen down over this many frames in a row. */
const HOLD_POLLS = 3;

export interface KeyboardTarget {
  accepting(): boolean;
  toggleDebug(): void;
  /** Enter or R on the game-over panel. */
  restart(): void;
  /** A step pressed off the map's edge by the player standing on it, (dx, dy) its direction (a Tiled world's
   * neighbour may lie there). */
  offEdge?(dx: number, dy: number): void;
}

export class KeyboardInput {
  private readonly up: Phaser.Input.Keyboard.Key[];
  private readonly down: Phaser.Input.Keyboard.Key[];
  private readonly left: Phaser.Input.Keyboard.Key[];
  private readonly right: Phaser.Input.Keyboard.Key[];
  private readonly keyboard: Phaser.Input.Keyboard.KeyboardPlugin | null;
  private readonly handled = new WeakSet<KeyboardEvent>();
  /** Frames in a row a direction key has been down. */
  private heldPolls = 0;

  constructor(
    scene: Phaser.Scene,
    private readonly world: World,
    private readonly player: Character,
    private readonly target: KeyboardTarget,
  ) {
    const kb = scene.input.keyboard;
    this.keyboard = kb;
    const keys = (...codes: number[]) => (kb ? codes.map((c) => kb.addKey(c, true, false)) : []);
    this.up = keys(K.UP, K.W);
    this.down = keys(K.DOWN, K.S);
    this.left = keys(K.LEFT, K.A);
    this.right = keys(K.RIGHT);
    kb?.on('keydown', this.onKeyDown, this);
  }

  private onKeyDown(event: KeyboardEvent): void {
    // Phaser re-processes every key event of the frame each time a new one arrives, so a keydown can come
    // again after other keys' events: each press is acted on once.
    if (this.handled.has(event)) return;
    this.handled.add(event);
    if (event.repeat) return;
    // Ctrl+D and the like belong to the browser (a bookmark), not the game.
    if (event.code === 'KeyD' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      this.target.toggleDebug();
      return;
    }
    if (event.code === 'Enter' || event.code === 'KeyR') {
      this.target.restart();
      return;
    }
    // A tap steps at once, even if it is released before the next frame polls it.
    const dir = this.dirFromEvent(event.code);
    if (dir >= 0) this.step(dir, true);
  }

  private dirFromEvent(code: string): number {
    switch (code) {
      case 'ArrowUp':
      case 'KeyW':
        return this.held(0, -1);
      case 'ArrowDown':
      case 'KeyS':
        return this.held(0, 1);
      case 'ArrowLeft':
      case 'KeyA':
        return this.held(-1, 0);
      case 'ArrowRight':
        return this.held(1, 0);
      default:
        return -1;
    }
  }

  /** The direction of every held key combined, `dx`/`dy` being the key just pressed. */
  private held(dx: number, dy: number): number {
    let x = dx;
    let y = dy;
    if (dx === 0) x = (anyDown(this.right) ? 1 : 0) - (anyDown(this.left) ? 1 : 0);
    if (dy === 0) y = (anyDown(this.down) ? 1 : 0) - (anyDown(this.up) ? 1 : 0);
    return DIR_OF[y + 1][x + 1];
  }

  /**
   * Every frame: a key held walks on, one step queued behind the one under way, once it has been held for a
   * step's time. A tap is one step even when its key-up comes a frame or two late (a busy page, a slow machine).
   */
  poll(): void {
    const x = (anyDown(this.right) ? 1 : 0) - (anyDown(this.left) ? 1 : 0);
    const y = (anyDown(this.down) ? 1 : 0) - (anyDown(this.up) ? 1 : 0);
    const dir = DIR_OF[y + 1][x + 1];
    if (dir < 0) {
      this.heldPolls = 0;
      return;
    }
    // A key-up that comes a frame late (a busy page: key events are read at the start of a frame) would look
    // like a short hold: walk on only once the key has been seen down over a few frames as well.
    if (++this.heldPolls < HOLD_POLLS) return;
    const held = Math.max(
      longestHeld(this.up),
      longestHeld(this.down),
      longestHeld(this.left),
      longestHeld(this.right),
    );
    if (held < (HOLD_SHARE_OF_STEP * 1000) / this.player.speed) return;
    this.step(dir, false);
  }

  private step(dir: number, fresh: boolean): void {
    if (!this.target.accepting()) return;
    const p = this.player;
    // A fresh press replaces whatever walk was queued (after the step under way); a held key only queues its
    // next step once nothing else is queued.
    if (!fresh && p.path.remaining > 0) return;
    const dx = DX[dir];
    const dy = DY[dir];
    if (!p.moving && p.path.remaining === 0 && !this.world.grid.inBounds(p.x + dx, p.y + dy)) {
      this.target.offEdge?.(dx, dy);
      return;
    }
    this.world.stepDir(p.id, dir);
  }

  destroy(): void {
    this.keyboard?.off('keydown', this.onKeyDown, this);
    const kb = this.keyboard;
    if (kb) for (const k of [...this.up, ...this.down, ...this.left, ...this.right]) kb.removeKey(k);
  }
}

/** Milliseconds the longest-held of `keys` has been down (0 when none is). */
function longestHeld(keys: Phaser.Input.Keyboard.Key[]): number {
  let most = 0;
  for (const k of keys) if (k.isDown) most = Math.max(most, k.getDuration());
  return most;
}

function anyDown(keys: Phaser.Input.Keyboard.Key[]): boolean {
  for (const k of keys) if (k.isDown) return true;
  return false;
}
