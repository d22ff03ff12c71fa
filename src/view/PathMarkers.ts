// What a click would do, before the click: hovering a tile shows the path the player would walk and a marker
// where it would end. The path comes from the world's own resolution (`world.preview`, the same search a click
// runs, to the reachable tile closest to an unreachable one), so a wall under the pointer shows where the player will really go. The
// path the player is walking now is drawn too, from its own path buffer (the path shown is the path walked).
// Where a walk would end on an exit (and so leave the map: the hovered tile is the exit), its marker is the exit
// marker; a route that only passes over an exit shows nothing there, for nothing happens there. Both are redrawn
// only when they change.
import type Phaser from 'phaser';
import type { Character, World } from '../core/world/index.ts';
import { DEPTH } from './depths.ts';
import { ICON } from './icons.ts';

const WALKING_COLOUR = 0xffe066;
const PREVIEW_COLOUR = 0xf4f4ff;
const WALL_COLOUR = 0xff4d4d;
/** The pointer rests this long on a tile before its preview is searched. */
const SETTLE_MS = 60;
/**
 * Previews are searched at most this often: a pointer sweeping across the large map would otherwise run a search
 * of a long walk (thousands of tiles, a few milliseconds) on many frames in a row.
 */
const MIN_SEARCH_GAP_MS = 120;

export class PathMarkers {
  private readonly walking: Phaser.GameObjects.Graphics;
  private readonly preview: Phaser.GameObjects.Graphics;
  private readonly target: Phaser.GameObjects.Image;
  /** The enemy on the previewed tile when the preview was made (0: none). */
  private previewFoe = 0;
  private readonly goal: Phaser.GameObjects.Image;
  private hoverX = -1;
  private hoverY = -1;
  /** When the pointer came to the hovered tile: a pointer sweeping across the map does not search each tile. */
  private hoverSince = 0;
  private searchedAt = Number.NEGATIVE_INFINITY;
  /** What the preview was computed for: hovered tile and the tile the player's plans start from. */
  private previewFor = { x: -2, y: -2, from: -1 };
  /** What the walking path was drawn from. */
  private walkingSig = { cursor: -1, length: -1, last: -1, from: -1 };
  private readonly tw: number;
  private readonly th: number;

  constructor(
    scene: Phaser.Scene,
    private readonly world: World,
    private readonly player: Character,
    tileWidth: number,
    tileHeight: number,
  ) {
    this.tw = tileWidth;
    this.th = tileHeight;
    this.walking = scene.add.graphics().setDepth(DEPTH.above + 100);
    this.preview = scene.add.graphics().setDepth(DEPTH.above + 101);
    this.target = scene.add
      .image(0, 0, ICON.target)
      .setDisplaySize(tileWidth, tileHeight)
      .setDepth(DEPTH.overlay)
      .setVisible(false);
    this.goal = scene.add
      .image(0, 0, ICON.target)
      .setDisplaySize(tileWidth, tileHeight)
      .setAlpha(0.55)
      .setDepth(DEPTH.characters - 1)
      .setVisible(false);
  }

  /** The pointer is over tile (x, y); (-1, -1) when it left the map or the window. */
  hover(x: number, y: number): void {
    if (x === this.hoverX && y === this.hoverY) return;
    this.hoverX = x;
    this.hoverY = y;
    this.hoverSince = performance.now();
  }

  /** Redraws what changed; call once per frame after the world ticked. */
  update(enabled: boolean): void {
    this.updateWalking();
    this.updatePreview(enabled);
  }

  private updateWalking(): void {
    const p = this.player;
    const path = p.path;
    const last = path.length > path.cursor ? path.cells[path.length - 1] : -1;
    const sig = this.walkingSig;
    const from = p.planCell;
    if (sig.cursor === path.cursor && sig.length === path.length && sig.last === last && sig.from === from)
      return;
    sig.cursor = path.cursor;
    sig.length = path.length;
    sig.last = last;
    sig.from = from;
    const g = this.walking;
    g.clear();
    if (last < 0) {
      this.goal.setVisible(false);
      return;
    }
    this.drawPath(g, from, path.cells, path.cursor, path.length, WALKING_COLOUR, 0.9);
    this.placeAt(this.goal, last);
    this.setMarker(
      this.goal,
      p.fight.target === 0 && last === p.walk.dest && this.world.exits.at(last) >= 0
        ? ICON.exitTarget
        : ICON.target,
    );
    this.goal.setVisible(true);
  }

  private updatePreview(enabled: boolean): void {
    const x = this.hoverX;
    const y = this.hoverY;
    const grid = this.world.grid;
    const pf = this.previewFor;
    const p = this.player;
    const from = p.planCell;
    // Over the tile the player is already walking to, the walking path is the answer: no search needed (a long
    // walk across a large map is a search of thousands of tiles, not to be repeated at every step).
    const walkingThere =
      p.walk.goal === grid.index(x, y) &&
      p.fight.target === 0 &&
      (p.path.remaining > 0 || p.moving || this.world.scheduler.isQueued(p.id));
    if (!enabled || !grid.inBounds(x, y) || walkingThere) {
      if (pf.x !== -2) {
        this.preview.clear();
        this.target.setVisible(false);
        pf.x = pf.y = -2;
      }
      return;
    }
    // An enemy marked for attack that falls (or walks off, or one that walks on) changes the answer at once:
    // no attack marker left on an empty tile.
    const foeNow = this.world.characterAt(x, y);
    const foeId = foeNow !== undefined && foeNow.kind === 'enemy' ? foeNow.id : 0;
    if (foeId !== this.previewFoe && pf.x !== -2) {
      this.preview.clear();
      this.target.setVisible(false);
      pf.x = pf.y = -2;
    }
    // The same tile from the same start: the same answer (the crowd around may shift it by a tile, but a
    // search per frame on a large map is not worth that).
    if (pf.x === x && pf.y === y && pf.from === from) return;
    const now = performance.now();
    if (now - this.hoverSince < SETTLE_MS || now - this.searchedAt < MIN_SEARCH_GAP_MS) return;
    this.searchedAt = now;
    pf.x = x;
    pf.y = y;
    pf.from = from;
    this.previewFoe = foeId;

    const g = this.preview;
    g.clear();
    const foe = this.world.characterAt(x, y);
    const attacking = foe !== undefined && foe.kind === 'enemy';
    const cells = this.world.preview(this.player.id, x, y);
    if (cells.length === 0 && !attacking) {
      // Nowhere to go from here (the player's own tile, or walled in): nothing to promise.
      this.target.setVisible(false);
      return;
    }
    this.drawPath(g, from, cells, 0, cells.length, PREVIEW_COLOUR, 0.75);
    const end = cells.length > 0 ? cells[cells.length - 1] : from;
    const hovered = grid.index(x, y);
    // A click on an enemy means "attack it": mark the enemy; otherwise mark where the walk will end, with the
    // exit marker when it ends on the exit hovered (the walk would leave the map there).
    this.placeAt(this.target, attacking ? hovered : end);
    const leaves = !attacking && end === hovered && this.world.exits.at(end) >= 0;
    this.setMarker(this.target, attacking ? ICON.attackTarget : leaves ? ICON.exitTarget : ICON.target);
    this.target.setVisible(true);
    if (!attacking && end !== grid.index(x, y)) this.drawCross(g, x, y);
  }

  private drawPath(
    g: Phaser.GameObjects.Graphics,
    from: number,
    cells: ArrayLike<number>,
    start: number,
    end: number,
    colour: number,
    alpha: number,
  ): void {
    if (end <= start) return;
    const tw = this.tw;
    const th = this.th;
    const w = this.world.grid.width;
    const line = Math.max(2, tw / 8);
    // A dark casing under a light line: readable on grass, sand and stone alike.
    for (const [width, c, a] of [
      [line + 3, 0x1d1a22, alpha * 0.7],
      [line, colour, alpha],
    ] as const) {
      g.lineStyle(width, c, a);
      g.beginPath();
      g.moveTo(((from % w) + 0.5) * tw, (Math.floor(from / w) + 0.5) * th);
      for (let k = start; k < end; k++) {
        const cell = cells[k];
        g.lineTo(((cell % w) + 0.5) * tw, (Math.floor(cell / w) + 0.5) * th);
      }
      g.strokePath();
    }
    g.fillStyle(colour, alpha);
    const r = line * 1.1;
    for (let k = start; k < end - 1; k++) {
      const c = cells[k];
      g.fillCircle(((c % w) + 0.5) * tw, (Math.floor(c / w) + 0.5) * th, r);
    }
  }

  /** A red cross on the hovered tile the player cannot reach: the marker shows where it goes instead. */
  private drawCross(g: Phaser.GameObjects.Graphics, x: number, y: number): void {
    const tw = this.tw;
    const th = this.th;
    const k = tw * 0.25;
    const cx = (x + 0.5) * tw;
    const cy = (y + 0.5) * th;
    g.lineStyle(Math.max(2, tw / 10), WALL_COLOUR, 0.9);
    g.lineBetween(cx - k, cy - k, cx + k, cy + k);
    g.lineBetween(cx - k, cy + k, cx + k, cy - k);
  }

  private setMarker(img: Phaser.GameObjects.Image, icon: string): void {
    if (img.texture.key !== icon) img.setTexture(icon).setDisplaySize(this.tw, this.th);
  }

  private placeAt(img: Phaser.GameObjects.Image, cell: number): void {
    const w = this.world.grid.width;
    img.setPosition(((cell % w) + 0.5) * this.tw, (Math.floor(cell / w) + 0.5) * this.th);
  }

  destroy(): void {
    this.walking.destroy();
    this.preview.destroy();
    this.target.destroy();
    this.goal.destroy();
  }
}
