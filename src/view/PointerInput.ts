// The mouse and the finger: a left click or a tap on a tile sends the player there (the world's `moveTo`:
// an enemy's tile means attack it, a wall means the nearest reachable tile); moving the pointer tells the path
// preview which tile is under it; the wheel zooms the camera within its limits.
import Phaser from 'phaser';
import type { World } from '../core/world/index.ts';
import type { CameraRig } from './CameraRig.ts';

/** Each wheel notch (100 px of deltaY) zooms by this factor. */
const ZOOM_PER_NOTCH = 1.15;

export interface PointerTarget {
  /** The player's id in the world. */
  playerId: number;
  /** False while input is closed (game over, leaving the map). */
  accepting(): boolean;
  /** The pointer is over tile (x, y), or (-1, -1) when off the map. */
  hover(x: number, y: number): void;
  /** A click was sent to the world (for the debug readout or sounds). */
  clicked?(x: number, y: number): void;
}

export class PointerInput {
  private readonly point = new Phaser.Math.Vector2();

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly world: World,
    private readonly rig: CameraRig,
    private readonly target: PointerTarget,
    private readonly tileWidth: number,
    private readonly tileHeight: number,
  ) {
    const input = scene.input;
    input.on(Phaser.Input.Events.POINTER_DOWN, this.onDown, this);
    input.on(Phaser.Input.Events.POINTER_MOVE, this.onMove, this);
    input.on(Phaser.Input.Events.GAME_OUT, this.onOut, this);
    input.on(Phaser.Input.Events.POINTER_WHEEL, this.onWheel, this);
  }

  /** The tile under a pointer, or null off the map (or over the HUD, which covers no map). */
  private tileUnder(pointer: Phaser.Input.Pointer): { x: number; y: number } | null {
    if (!this.rig.showsMap(pointer.x, pointer.y)) return null;
    const p = this.rig.camera.getWorldPoint(pointer.x, pointer.y, this.point);
    const x = Math.floor(p.x / this.tileWidth);
    const y = Math.floor(p.y / this.tileHeight);
    return this.world.grid.inBounds(x, y) ? { x, y } : null;
  }

  private onDown(pointer: Phaser.Input.Pointer): void {
    // Mouse: the left button only (the right one is the browser's). Touch and pen: any tap.
    if (pointer.wasTouch === false && pointer.button !== 0) return;
    if (!this.target.accepting()) return;
    const tile = this.tileUnder(pointer);
    if (!tile) return;
    this.world.moveTo(this.target.playerId, tile.x, tile.y);
    this.target.clicked?.(tile.x, tile.y);
    this.target.hover(tile.x, tile.y);
  }

  private onMove(pointer: Phaser.Input.Pointer): void {
    const tile = this.tileUnder(pointer);
    if (tile && this.target.accepting()) this.target.hover(tile.x, tile.y);
    else this.target.hover(-1, -1);
  }

  private onOut(): void {
    this.target.hover(-1, -1);
  }

  private onWheel(_pointer: Phaser.Input.Pointer, _over: unknown, _dx: number, dy: number): void {
    if (dy === 0) return;
    const notches = Math.max(-3, Math.min(3, dy / 100));
    this.rig.setZoom(this.rig.camera.zoom * ZOOM_PER_NOTCH ** -notches);
  }

  destroy(): void {
    const input = this.scene.input;
    input.off(Phaser.Input.Events.POINTER_DOWN, this.onDown, this);
    input.off(Phaser.Input.Events.POINTER_MOVE, this.onMove, this);
    input.off(Phaser.Input.Events.GAME_OUT, this.onOut, this);
    input.off(Phaser.Input.Events.POINTER_WHEEL, this.onWheel, this);
  }
}
