// The World camera: shows a small map whole (fitted and centred), follows a point on a large one within the
// map's bounds, zooms within limits, and keeps doing so when the window is resized.
import type Phaser from 'phaser';

/** Below this, a fitted map is too small to play: follow at the normal scale instead. */
const MIN_FIT_ZOOM = 0.5;
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;

export class CameraRig {
  private focusX: number;
  private focusY: number;
  private target: { x: number; y: number } | null = null;
  /** Set once the player zooms by hand: resizing then keeps their zoom instead of refitting. */
  private userZoom: number | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly mapWidth: number,
    private readonly mapHeight: number,
  ) {
    this.focusX = mapWidth / 2;
    this.focusY = mapHeight / 2;
    this.camera.setRoundPixels(true);
    scene.scale.on('resize', this.layout, this);
    this.layout();
  }

  get camera(): Phaser.Cameras.Scene2D.Camera {
    return this.scene.cameras.main;
  }

  /** The zoom that shows the whole map in the current viewport. */
  fitZoom(): number {
    const { width, height } = this.scene.scale.gameSize;
    return Math.min(width / this.mapWidth, height / this.mapHeight);
  }

  /** Keeps a moving point (the player's sprite) in view. */
  follow(target: { x: number; y: number }) {
    this.target = target;
    this.update();
  }

  /** Looks at a fixed point (world pixels). */
  lookAt(x: number, y: number) {
    this.target = null;
    this.focusX = x;
    this.focusY = y;
    this.update();
  }

  setZoom(zoom: number) {
    this.userZoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
    this.layout();
  }

  /** Call every frame: moves the view with the followed point. */
  update() {
    if (this.target) {
      this.focusX = this.target.x;
      this.focusY = this.target.y;
    }
    this.camera.centerOn(this.focusX, this.focusY);
  }

  /** Recomputes zoom and bounds for the current viewport. */
  layout() {
    const cam = this.camera;
    const { width, height } = this.scene.scale.gameSize;
    cam.setSize(width, height);
    const fit = this.fitZoom();
    const zoom = this.userZoom ?? (fit >= MIN_FIT_ZOOM ? Math.min(fit, MAX_ZOOM) : 1);
    cam.setZoom(zoom);
    // Bounds at least as large as the view, centred on the map: a map narrower than the view sits in the
    // middle instead of against the left edge, and a larger one never shows what lies beyond its border.
    const viewW = width / zoom;
    const viewH = height / zoom;
    const bw = Math.max(this.mapWidth, viewW);
    const bh = Math.max(this.mapHeight, viewH);
    cam.setBounds((this.mapWidth - bw) / 2, (this.mapHeight - bh) / 2, bw, bh);
    this.update();
  }

  /** Viewport CSS pixels of a world point, as the camera shows it now (for `__RPG__.tileToClient`). */
  worldToClient(x: number, y: number): { x: number; y: number } {
    const cam = this.camera;
    const sx = cam.x + (x - cam.scrollX - cam.width / 2) * cam.zoom + cam.width / 2;
    const sy = cam.y + (y - cam.scrollY - cam.height / 2) * cam.zoom + cam.height / 2;
    const canvas = this.scene.game.canvas;
    const rect = canvas.getBoundingClientRect();
    const { width, height } = this.scene.scale.gameSize;
    return { x: rect.left + (sx * rect.width) / width, y: rect.top + (sy * rect.height) / height };
  }

  destroy() {
    this.scene.scale.off('resize', this.layout, this);
  }
}
