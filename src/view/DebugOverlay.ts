// The debug view (the D key, or ?debug=1): the grid as the world sees it. Blocked cells tinted red, the
// nodes the player's last search expanded (A* and JPS look very different here), tiles held and reserved,
// every character's path and the aggro radii. Cell-sized layers are one image each (a canvas with one pixel per
// cell, drawn scaled up), redrawn only when they change; per-character drawing is limited to what is in view
// and redone once per tick, not per frame.
import type Phaser from 'phaser';
import type { BrainState, World } from '../core/world/index.ts';
import { walkGoal } from '../core/world/index.ts';
import { DEPTH } from './depths.ts';

const BLOCKED_RGBA = [230, 40, 40, 110] as const;
const EXPANDED_RGBA = [60, 140, 255, 110] as const;
/**
 * What Jump Point Search expands on the same trip. The player's own search is A* (it prices the crowd near it,
 * which JPS cannot), so the two side by side show the difference: A*'s blob against JPS's few jump points.
 */
const JPS_RGBA = [200, 70, 255, 200] as const;
const STATE_COLOUR: Record<BrainState, number> = {
  idle: 0x9aa0b4,
  wander: 0x7fd17f,
  chase: 0xff8c2e,
  attack: 0xff3b3b,
  return: 0x6fb4ff,
};
const PLAYER_COLOUR = 0xffe066;

let textureSerial = 0;

/** A map-sized image with one pixel per cell, for layers that change rarely. */
class CellLayer {
  readonly image: Phaser.GameObjects.Image;
  private readonly texture: Phaser.Textures.CanvasTexture;
  private readonly data: ImageData;

  constructor(
    private readonly scene: Phaser.Scene,
    w: number,
    h: number,
    tw: number,
    th: number,
    depth: number,
  ) {
    const key = `debug-cells:${textureSerial++}`;
    const texture = scene.textures.createCanvas(key, w, h);
    if (!texture) throw new Error('the debug view could not create its canvas texture');
    this.texture = texture;
    this.data = texture.getContext().createImageData(w, h);
    this.image = scene.add
      .image(0, 0, key)
      .setOrigin(0, 0)
      .setScale(tw, th)
      .setDepth(depth)
      .setVisible(false);
  }

  /** Clears every cell (transparent); then `set` cells and `commit`. */
  clear(): void {
    this.data.data.fill(0);
  }

  /** The cells as they are now (to restore them with `restore`). */
  keep(): Uint8ClampedArray {
    return this.data.data.slice();
  }

  restore(kept: Uint8ClampedArray): void {
    this.data.data.set(kept);
  }

  set(cell: number, rgba: readonly [number, number, number, number]): void {
    const d = this.data.data;
    const i = cell * 4;
    d[i] = rgba[0];
    d[i + 1] = rgba[1];
    d[i + 2] = rgba[2];
    d[i + 3] = rgba[3];
  }

  commit(): void {
    this.texture.getContext().putImageData(this.data, 0, 0);
    this.texture.refresh();
  }

  destroy(): void {
    this.image.destroy();
    this.scene.textures.remove(this.texture.key);
  }
}

export class DebugOverlay {
  enabled = false;
  /**
   * Blocked cells and the last search's expanded ones share one image: each full-map layer costs a pass over
   * the whole screen, and the software renderer here pays for every one.
   */
  private readonly cells: CellLayer;
  private readonly blocked: Uint8ClampedArray;
  /** Held and reserved tiles, paths, aggro radii: redrawn each tick while enabled. */
  private readonly dynamic: Phaser.GameObjects.Graphics;
  private expandedSig = -1;
  /** Cells JPS expanded for the player's last trip (allocated when the debug view first opens). */
  private jpsCells: Int32Array | null = null;
  /** How many, for the readout. */
  jpsCount = 0;
  private drawnTick = -1;
  private readonly tw: number;
  private readonly th: number;

  constructor(
    scene: Phaser.Scene,
    private readonly world: World,
    tileWidth: number,
    tileHeight: number,
  ) {
    this.tw = tileWidth;
    this.th = tileHeight;
    const grid = world.grid;
    this.cells = new CellLayer(scene, grid.width, grid.height, tileWidth, tileHeight, DEPTH.overlay);
    this.cells.clear();
    for (let i = 0; i < grid.size; i++) if (grid.walkable[i] === 0) this.cells.set(i, BLOCKED_RGBA);
    this.blocked = this.cells.keep();
    this.cells.commit();
    this.dynamic = scene.add
      .graphics()
      .setDepth(DEPTH.overlay + 2)
      .setVisible(false);
  }

  setEnabled(on: boolean): void {
    this.enabled = on;
    this.cells.image.setVisible(on);
    this.dynamic.setVisible(on);
    this.drawnTick = -1;
    this.expandedSig = -1;
    if (!on) this.dynamic.clear();
  }

  /** Call once per frame; `view` is the camera's world view (characters outside it are not drawn). */
  update(view: Phaser.Geom.Rectangle): void {
    if (!this.enabled) return;
    const w = this.world;
    // The player's last search: redraw when a new one has run (its count and ends differ).
    const sig = w.expandedCount * 31 + (w.expandedCount > 0 ? w.expanded[w.expandedCount - 1] : 0);
    if (sig !== this.expandedSig) {
      this.expandedSig = sig;
      this.compareWithJps();
      this.cells.restore(this.blocked);
      for (let k = 0; k < w.expandedCount; k++) this.cells.set(w.expanded[k], EXPANDED_RGBA);
      const jps = this.jpsCells;
      if (jps) for (let k = 0; k < this.jpsCount; k++) this.cells.set(jps[k], JPS_RGBA);
      this.cells.commit();
    }
    if (this.drawnTick === w.tick) return;
    this.drawnTick = w.tick;
    this.drawCharacters(view);
  }

  /**
   * Runs Jump Point Search for the trip the player's last search planned (from where it stands to its goal,
   * the crowd ignored), only to show what it expands. Debug view only, once per player search.
   */
  private compareWithJps(): void {
    const w = this.world;
    const p = w.player;
    this.jpsCount = 0;
    if (!p || w.expandedCount === 0) return;
    const goal = p.fight.target !== 0 ? (w.get(p.fight.target)?.cell ?? -1) : p.walk.goal;
    if (goal < 0 || goal === p.cell) return;
    this.jpsCells ??= new Int32Array(w.grid.size);
    // A click on water walks to the shore tile closest to it: that is the trip (and JPS would otherwise
    // explore every tile the player can reach, looking for the water).
    const trip = p.fight.target !== 0 ? goal : walkGoal(w, p.cell, goal);
    w.planner.find({ start: p.cell, goal: trip, partial: true }, 'jps');
    this.jpsCount = Math.min(w.planner.lastExpanded(this.jpsCells), this.jpsCells.length);
  }

  private drawCharacters(view: Phaser.Geom.Rectangle): void {
    const g = this.dynamic;
    const tw = this.tw;
    const th = this.th;
    const width = this.world.grid.width;
    const margin = 12 * tw;
    const left = view.x - margin;
    const right = view.right + margin;
    const top = view.y - margin;
    const bottom = view.bottom + margin;
    g.clear();
    const list = this.world.characters;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      // A defeated enemy is off the map: it holds no tile and has no radius to show.
      if (c.away) continue;
      const px = (c.x + 0.5) * tw;
      const py = (c.y + 0.5) * th;
      if (px < left || px > right || py < top || py > bottom) continue;
      const colour = c.kind === 'player' ? PLAYER_COLOUR : STATE_COLOUR[c.brain.state];
      // Held: the tile it stands on (outlined). Reserved: the tile it steps into (filled).
      g.lineStyle(2, colour, 0.95);
      g.strokeRect(c.x * tw + 1, c.y * th + 1, tw - 2, th - 2);
      if (c.moving) {
        g.fillStyle(colour, 0.4);
        g.fillRect(c.step.toX * tw + 2, c.step.toY * th + 2, tw - 4, th - 4);
      }
      // Its path, from where its plans start.
      const path = c.path;
      if (path.remaining > 0) {
        g.lineStyle(2, colour, 0.8);
        g.beginPath();
        const from = c.planCell;
        g.moveTo(((from % width) + 0.5) * tw, (Math.floor(from / width) + 0.5) * th);
        for (let k = path.cursor; k < path.length; k++) {
          const cell = path.cells[k];
          g.lineTo(((cell % width) + 0.5) * tw, (Math.floor(cell / width) + 0.5) * th);
        }
        g.strokePath();
      }
      if (c.kind === 'enemy' && c.aggro > 0) {
        // Aggro: noticed with a line of sight within the full radius, regardless within half of it.
        g.lineStyle(1, colour, 0.55);
        g.strokeCircle(px, py, c.aggro * tw);
        g.lineStyle(1, colour, 0.3);
        g.strokeCircle(px, py, (c.aggro * tw) / 2);
      }
    }
  }

  destroy(): void {
    this.cells.destroy();
    this.dynamic.destroy();
  }
}
