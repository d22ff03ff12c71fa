// The World camera: shows a small map whole (fitted and centred), follows a point on a large one within the
// map's bounds, zooms within limits, and keeps doing so when the window is resized. It draws only the part of
// the window the HUD leaves free (between its top and bottom strips), so the HUD never covers the map: whatever
// the camera shows, the player and the tiles around it are in plain sight.
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
  /** Game pixels the HUD takes at the top and the bottom of the window. */
  private insetTop = 0;
  private insetBottom = 0;

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

  /** The part of the window the map is drawn in (game pixels): all of it but the HUD's strips. */
  viewport(): { x: number; y: number; width: number; height: number } {
    const { width, height } = this.scene.scale.gameSize;
    const top = Math.min(this.insetTop, Math.max(0, height - 32));
    const bottom = Math.min(this.insetBottom, Math.max(0, height - 32 - top));
    return { x: 0, y: top, width, height: Math.max(1, height - top - bottom) };
  }

  /** The HUD's strips changed: the map keeps to the window between them. */
  setInsets(top: number, bottom: number) {
    if (top === this.insetTop && bottom === this.insetBottom) return;
    this.insetTop = Math.max(0, top);
    this.insetBottom = Math.max(0, bottom);
    this.layout();
  }

  /** Whether a point of the window (game pixels) shows the map, not the HUD. */
  showsMap(x: number, y: number): boolean {
    const v = this.viewport();
    return x >= v.x && x < v.x + v.width && y >= v.y && y < v.y + v.height;
  }

  /** The zoom that shows the whole map in the current viewport. */
  fitZoom(): number {
    const { width, height } = this.viewport();
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
    const { x, y, width, height } = this.viewport();
    cam.setViewport(x, y, width, height);
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
    return this.gameToClient(sx, sy);
  }

  /** Viewport CSS pixels of a point of the game canvas (game pixels). */
  gameToClient(x: number, y: number): { x: number; y: number } {
    const rect = this.scene.game.canvas.getBoundingClientRect();
    const { width, height } = this.scene.scale.gameSize;
    return { x: rect.left + (x * rect.width) / width, y: rect.top + (y * rect.height) / height };
  }

  destroy() {
    this.scene.scale.off('resize', this.layout, this);
  }
}
