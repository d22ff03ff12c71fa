// Every character of the world as an animated sprite. The world moves in ticks; the sprites glide: each frame
// a character is drawn between where it was at the previous tick and where it is now (weight = the clock's
// alpha), so motion is smooth at any frame rate, one tick (50 ms) behind the simulation. The walk cycle is
// driven by the distance actually covered (no feet sliding), per facing (8 where the world walks diagonally,
// characterFrames.ts); standing shows the idle pose. The player wears the townsfolk's sheet, each enemy its
// kind's monster (slime, bat, skeleton).
// One sprite per character, created once; per frame only numbers change (no allocation).
import Phaser from 'phaser';
import type { Character, World } from '../core/world/index.ts';
import { type Look, lookOf, poseFrame } from './characterFrames.ts';
import { DEPTH } from './depths.ts';
import { ICON } from './icons.ts';

/** The art's feet stand at this share of the frame's height; a character's feet go low in its tile. */
const FEET = 66 / 72;
const FEET_IN_TILE = 0.82;
/** The drawn figure is ~38 px wide in its 52 px frame; it gets this share of a tile's width. */
const FIGURE_WIDTH_PX = 38;
const FIGURE_TILE_SHARE = 0.9;
/** How long the "!" of a fresh notice stays big. */
const NOTICE_POP_MS = 700;

/** A defeated enemy falls this long (tilts over, sinks, fades), then is gone until it is back. */
const FALL_MS = 600;

/** A character struck flashes this long, in this colour. */
const STRUCK_MS = 160;
const STRUCK_TINT = 0xff5a4a;

export class CharacterSprites {
  readonly sprites: Phaser.GameObjects.Sprite[] = [];
  /** What each character wears (sheet and design), by character index. */
  readonly looks: Look[] = [];
  private readonly badges: (Phaser.GameObjects.Image | null)[] = [];
  private readonly ring: Phaser.GameObjects.Image;
  /** The arrow over the player's head: drawn over roofs and crowds alike, so the player is found at a glance. */
  private readonly marker: Phaser.GameObjects.Image;
  /** Continuous tile positions at the previous tick, per character index. */
  private prevX: Float32Array;
  private prevY: Float32Array;
  /** Drawn position last frame (tiles) and distance walked (tiles), for the walk cycle. */
  private drawnX: Float32Array;
  private drawnY: Float32Array;
  private odometer: Float32Array;
  private frameShown: Int16Array;
  /** Time (ms) of each enemy's last notice, for the "!" pop. */
  private noticedAt: Float64Array;
  /** Time (ms) each character was last struck, and whether its sprite shows the flash now. */
  private struckAt: Float64Array;
  private flashing: Uint8Array;
  /** Time (ms) each enemy fell (−∞: standing), and whether its sprite is tilted, sunk or faded now. */
  private fellAt: Float64Array;
  private fallen: Uint8Array;
  private readonly tw: number;
  private readonly th: number;
  private readonly scale: number;
  /** Drawn positions in world pixels of the player this frame (the camera follows it). */
  readonly playerPoint = { x: 0, y: 0 };

  /**
   * `facings`: 8 when the world walks diagonally (diagonal poses of their own), 4 when it walks only
   * straight (a diagonal facing, say toward a foe, shows the side pose).
   */
  constructor(
    private readonly scene: Phaser.Scene,
    private readonly world: World,
    tileWidth: number,
    tileHeight: number,
    private readonly facings: 4 | 8,
  ) {
    this.tw = tileWidth;
    this.th = tileHeight;
    this.scale = (tileWidth * FIGURE_TILE_SHARE) / FIGURE_WIDTH_PX;
    const n = world.characters.length;
    this.prevX = new Float32Array(n);
    this.prevY = new Float32Array(n);
    this.drawnX = new Float32Array(n);
    this.drawnY = new Float32Array(n);
    this.odometer = new Float32Array(n);
    this.frameShown = new Int16Array(n).fill(-1);
    this.noticedAt = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
    this.struckAt = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
    this.flashing = new Uint8Array(n);
    this.fellAt = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
    this.fallen = new Uint8Array(n);
    this.ring = scene.add
      .image(0, 0, ICON.playerRing)
      .setDisplaySize(tileWidth * 1.05, tileHeight * 0.48)
      .setDepth(DEPTH.characters);
    this.marker = scene.add
      .image(0, 0, ICON.playerMarker)
      .setOrigin(0.5, 1)
      .setScale((1.4 * tileWidth) / 32)
      .setDepth(DEPTH.above + 600);
    for (let i = 0; i < n; i++) {
      const c = world.characters[i];
      const look = lookOf(c.kind, c.species);
      const s = scene.add.sprite(0, 0, look.sheet.key, 0);
      this.looks.push(look);
      s.setOrigin(0.5, FEET).setScale(this.scale);
      this.sprites.push(s);
      this.badges.push(null);
      this.prevX[i] = this.drawnX[i] = c.x;
      this.prevY[i] = this.drawnY[i] = c.y;
    }
  }

  /** Before each world tick: remember where everyone is, the start of the next interpolation. */
  snapshot(): void {
    const list = this.world.characters;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      this.prevX[i] = posX(c);
      this.prevY[i] = posY(c);
    }
  }

  /** An enemy noticed the player this tick: pop its "!". */
  noticed(id: number, now: number): void {
    if (id - 1 < this.noticedAt.length) this.noticedAt[id - 1] = now;
  }

  /** Character `id` was hit this tick: flash it. */
  struck(id: number, now: number): void {
    if (id >= 1 && id - 1 < this.struckAt.length) this.struckAt[id - 1] = now;
  }

  /** Enemy `id` was defeated this tick: it falls where it stood, then is gone while it is away. */
  fell(id: number, now: number): void {
    if (id >= 1 && id - 1 < this.fellAt.length) this.fellAt[id - 1] = now;
  }

  /**
   * Places every sprite `alpha` of the way from the previous tick to the current one. Characters outside
   * `view` (world pixels, with a margin) are hidden: the renderer skips them.
   */
  update(alpha: number, view: Phaser.Geom.Rectangle, now: number): void {
    const list = this.world.characters;
    const tw = this.tw;
    const th = this.th;
    const margin = 2 * tw;
    const left = view.x - margin;
    const right = view.right + margin;
    const top = view.y - margin;
    const bottom = view.bottom + 3 * th;
    const mapH = this.world.grid.height * th;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      let cx = posX(c);
      let cy = posY(c);
      const px = this.prevX[i];
      const py = this.prevY[i];
      // A respawn puts a character elsewhere without a step: show it there at once, no glide across the map.
      if (Math.abs(cx - px) > 1.5 || Math.abs(cy - py) > 1.5) {
        this.prevX[i] = cx;
        this.prevY[i] = cy;
        this.drawnX[i] = cx;
        this.drawnY[i] = cy;
      } else {
        cx = px + (cx - px) * alpha;
        cy = py + (cy - py) * alpha;
      }
      const walked = Math.max(Math.abs(cx - this.drawnX[i]), Math.abs(cy - this.drawnY[i]));
      this.drawnX[i] = cx;
      this.drawnY[i] = cy;
      const x = (cx + 0.5) * tw;
      const y = (cy + FEET_IN_TILE) * th;
      const s = this.sprites[i];
      if (c.kind === 'player') {
        this.playerPoint.x = x;
        this.playerPoint.y = (cy + 0.5) * th;
        this.ring.setPosition(x, y - th * 0.04);
        const bob = Math.sin(now / 180) * th * 0.06;
        this.marker.setPosition(x, y - th * 1.55 + bob);
      }
      const badge = this.badges[i];
      if (c.away) {
        if (badge?.visible) badge.setVisible(false);
        this.fall(i, s, x, y, now, mapH);
        continue;
      }
      if (this.fallen[i] === 1) {
        // Back from its defeat: standing again, at full colour.
        this.fallen[i] = 0;
        this.fellAt[i] = Number.NEGATIVE_INFINITY;
        s.setAngle(0).setAlpha(1);
      }
      const visible = x > left && x < right && y > top && y < bottom;
      if (s.visible !== visible) s.setVisible(visible);
      if (!visible) {
        if (badge?.visible) badge.setVisible(false);
        continue;
      }
      s.x = x;
      s.y = y;
      // Lower on screen is nearer: sorts in front, within the characters' band.
      s.depth = DEPTH.characters + 1 + y / mapH;

      const moving = c.moving || walked > 0.0001;
      if (moving) this.odometer[i] += walked;
      const frame = poseFrame(this.looks[i], c.facing, this.facings, moving, this.odometer[i]);
      if (frame !== this.frameShown[i]) {
        s.setFrame(frame);
        this.frameShown[i] = frame;
      }
      const flash = now - this.struckAt[i] < STRUCK_MS ? 1 : 0;
      if (flash !== this.flashing[i]) {
        this.flashing[i] = flash;
        if (flash) s.setTint(STRUCK_TINT).setTintMode(Phaser.TintModes.FILL);
        else s.clearTint().setTintMode(Phaser.TintModes.MULTIPLY);
      }
      if (c.kind === 'enemy') this.updateBadge(i, c, x, y, now);
    }
  }

  /**
   * A defeated enemy: for FALL_MS after its fall it tilts over towards the way it faced, sinks a little and
   * fades out, flashing red at first; then it is hidden while it is away.
   */
  private fall(
    i: number,
    s: Phaser.GameObjects.Sprite,
    x: number,
    y: number,
    now: number,
    mapH: number,
  ): void {
    const k = (now - this.fellAt[i]) / FALL_MS;
    if (!(k >= 0 && k < 1)) {
      if (s.visible) s.setVisible(false);
      return;
    }
    this.fallen[i] = 1;
    if (!s.visible) s.setVisible(true);
    const ease = 1 - (1 - k) * (1 - k);
    const side = this.world.characters[i].facing >= 4 ? -1 : 1;
    s.setPosition(x, y + ease * this.th * 0.25);
    s.setAngle(side * 85 * ease);
    s.setAlpha(1 - k * k);
    s.depth = DEPTH.characters + 1 + y / mapH;
  }

  /** The state over an enemy's head: "!" chasing (big for a moment when it notices), red "!" attacking, "?" going home. */
  private updateBadge(i: number, c: Character, x: number, y: number, now: number): void {
    let key: string | null = null;
    if (c.brain.state === 'chase') key = ICON.notice;
    else if (c.brain.state === 'attack') key = ICON.attack;
    else if (c.brain.state === 'return') key = ICON.lost;
    let badge = this.badges[i];
    if (key === null) {
      if (badge?.visible) badge.setVisible(false);
      return;
    }
    if (!badge) {
      badge = this.scene.add.image(0, 0, key).setOrigin(0.5, 1);
      this.badges[i] = badge;
    }
    if (badge.texture.key !== key) badge.setTexture(key);
    if (!badge.visible) badge.setVisible(true);
    const since = now - this.noticedAt[i];
    const pop = since >= 0 && since < NOTICE_POP_MS ? 1 + 0.6 * (1 - since / NOTICE_POP_MS) : 1;
    const base = this.tw / 36;
    badge.setScale(base * pop);
    badge.x = x;
    badge.y = y - this.th * 1.45;
    badge.depth = DEPTH.above + 500;
  }

  destroy(): void {
    for (const s of this.sprites) s.destroy();
    for (const b of this.badges) b?.destroy();
    this.ring.destroy();
    this.marker.destroy();
  }
}

/** A character's continuous position in tiles at the current tick (between two tiles while stepping). */
function posX(c: Character): number {
  return c.moving ? c.step.fromX + (c.step.toX - c.step.fromX) * c.step.progress : c.x;
}

function posY(c: Character): number {
  return c.moving ? c.step.fromY + (c.step.toY - c.step.fromY) * c.step.progress : c.y;
}
