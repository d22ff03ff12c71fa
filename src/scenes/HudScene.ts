// The HUD, a scene over the World scene with its own unzoomed camera: a strip along the top (hit points, enemies
// chasing and defeated, the map's name, a notice when something went wrong, the debug readout) and one along the bottom (a
// line of help), and the game-over panel with its restart button. The strips are the HUD's whole box: it tells
// the World scene their heights, and the world's camera draws the map only between them, so the HUD never
// covers the player or anything it could walk to, and a click on the HUD never reaches the map. It reads a
// small model the World scene fills in every frame and redraws a text only when its value changed.
import Phaser from 'phaser';
import { hpLabel } from '../view/hpLabel.ts';
import type { HudModel } from '../view/hudModel.ts';

/** A rectangle of the HUD in game pixels (the canvas's own size). */
export interface HudBox {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", sans-serif';
const INK = '#f3e9d2';
const STRIP = 0x14121a;
const BAR_W = 172;
const BAR_H = 20;
const PAD = 8;
const GAP = 18;
const ROW = 26;
const HELP = 'Click or tap: walk or attack · Arrows/W A S: step · Wheel: zoom · D: debug view';

export class HudScene extends Phaser.Scene {
  private model!: HudModel;
  private strips!: Phaser.GameObjects.Graphics;
  private bar!: Phaser.GameObjects.Graphics;
  private hpText!: Phaser.GameObjects.Text;
  private chaseText!: Phaser.GameObjects.Text;
  private mapText!: Phaser.GameObjects.Text;
  private noticeText!: Phaser.GameObjects.Text;
  private help!: Phaser.GameObjects.Text;
  private readout!: Phaser.GameObjects.Text;
  private panel!: Phaser.GameObjects.Container;
  /** Width of the chase line at its longest, so the strip's rows do not jump as the count changes. */
  private chaseWidth = 0;
  private boxes: HudBox[] = [];
  private insets = { top: -1, bottom: -1 };
  /** What the texts show now: a model value that differs is redrawn. */
  private shown = nothingShown();

  constructor() {
    super('Hud');
  }

  init(data: { model: HudModel }) {
    this.model = data.model;
    this.insets = { top: -1, bottom: -1 };
    this.shown = nothingShown();
  }

  create() {
    const style = (size: number, colour = INK): Phaser.Types.GameObjects.Text.TextStyle => ({
      fontFamily: FONT,
      fontSize: `${size}px`,
      color: colour,
      stroke: '#14121a',
      strokeThickness: 4,
    });
    this.strips = this.add.graphics();
    this.bar = this.add.graphics();
    this.hpText = this.add.text(0, 0, '', { ...style(13), fontStyle: 'bold' }).setOrigin(0.5);
    this.chaseText = this.add
      .text(0, 0, 'Chasing you: 20000 of 20000 enemies · Defeated: 20000', style(15))
      .setOrigin(0, 0.5);
    this.chaseWidth = this.chaseText.width;
    this.mapText = this.add.text(0, 0, '', style(13, '#c8bfa8')).setOrigin(0, 0.5);
    this.noticeText = this.add.text(0, 0, '', style(14, '#ffb36b')).setVisible(false);
    this.help = this.add.text(0, 0, HELP, style(13)).setOrigin(0.5, 1).setAlign('center').setAlpha(0.85);
    this.readout = this.add.text(0, 0, '', style(13, '#bfe3ff')).setVisible(false);
    this.panel = this.makePanel();
    this.scale.on('resize', this.layout, this);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.scale.off('resize', this.layout, this));
    this.update();
    this.layout();
  }

  /** The HUD's rectangles in game pixels (for the page hook: tests check the player never stands under them). */
  hudBoxes(): HudBox[] {
    return this.boxes.map((b) => ({ ...b }));
  }

  /** What the HUD says right now, as a player reads it. */
  texts(): { hp: string; chasing: string; map: string; notice: string; gameOver: boolean } {
    if (this.boxes.length === 0) return { hp: '', chasing: '', map: '', notice: '', gameOver: false };
    return {
      hp: this.hpText.text,
      chasing: this.chaseText.text,
      map: this.mapText.text,
      notice: this.noticeText.visible ? this.noticeText.text : '',
      gameOver: this.panel.visible,
    };
  }

  private makePanel(): Phaser.GameObjects.Container {
    const w = 360;
    const h = 190;
    const bg = this.add.graphics();
    bg.fillStyle(0x14121a, 0.92).fillRoundedRect(-w / 2, -h / 2, w, h, 12);
    bg.lineStyle(3, 0xc9a23a, 1).strokeRoundedRect(-w / 2, -h / 2, w, h, 12);
    const title = this.add
      .text(0, -h / 2 + 26, 'You were defeated', {
        fontFamily: FONT,
        fontSize: '28px',
        color: '#ff6b5b',
        fontStyle: 'bold',
      })
      .setOrigin(0.5, 0);
    const hint = this.add
      .text(0, -h / 2 + 72, 'The monsters got you.', { fontFamily: FONT, fontSize: '16px', color: INK })
      .setOrigin(0.5, 0);
    const button = this.add.graphics();
    button.fillStyle(0xc9a23a, 1).fillRoundedRect(-90, 28, 180, 44, 8);
    const label = this.add
      .text(0, 50, 'Restart  (Enter)', {
        fontFamily: FONT,
        fontSize: '18px',
        color: '#14121a',
        fontStyle: 'bold',
      })
      .setOrigin(0.5);
    const hit = this.add
      .zone(0, 50, 180, 44)
      .setInteractive({ useHandCursor: true })
      .on(Phaser.Input.Events.GAMEOBJECT_POINTER_DOWN, () => this.model.restart());
    hit.name = 'restart-button';
    return this.add.container(0, 0, [bg, title, hint, button, label, hit]).setDepth(10).setVisible(false);
  }

  /**
   * Places everything for the window's size and tells the world the strips' heights. The top strip holds the
   * bar, the chase line and the map's name on one row when they fit, on two when not; then the notice and the
   * debug readout, each on rows of their own, wrapped to the window.
   */
  private layout() {
    const { width, height } = this.scale.gameSize;
    this.cameras.main.setSize(width, height);
    const inner = Math.max(120, width - 2 * PAD);
    let y = PAD;
    const rowMid = y + ROW / 2;
    this.bar.setPosition(PAD, rowMid - BAR_H / 2);
    this.hpText.setPosition(PAD + BAR_W / 2, rowMid);
    const afterBar = PAD + BAR_W + GAP;
    const mapW = Math.min(this.mapText.width, inner);
    if (afterBar + this.chaseWidth + GAP + mapW <= width - PAD) {
      this.chaseText.setPosition(afterBar, rowMid);
      this.mapText.setPosition(afterBar + this.chaseWidth + GAP, rowMid);
      y += ROW;
    } else if (afterBar + mapW <= width - PAD) {
      this.mapText.setPosition(afterBar, rowMid);
      this.chaseText.setPosition(PAD, rowMid + ROW);
      y += 2 * ROW;
    } else {
      this.chaseText.setPosition(PAD, rowMid + ROW);
      this.mapText.setPosition(PAD, rowMid + 2 * ROW);
      y += 3 * ROW;
    }
    if (this.noticeText.visible) {
      this.noticeText.setWordWrapWidth(inner).setPosition(PAD, y + 2);
      y += this.noticeText.height + 6;
    }
    if (this.readout.visible) {
      this.readout.setWordWrapWidth(inner).setPosition(PAD, y + 2);
      y += this.readout.height + 6;
    }
    const top = Math.ceil(y + PAD / 2);
    this.help.setWordWrapWidth(inner).setPosition(width / 2, height - 4);
    const bottom = Math.ceil(this.help.height + 8);

    this.strips.clear();
    this.strips
      .fillStyle(STRIP, 0.96)
      .fillRect(0, 0, width, top)
      .fillRect(0, height - bottom, width, bottom);
    this.strips
      .fillStyle(0xc9a23a, 0.55)
      .fillRect(0, top - 2, width, 2)
      .fillRect(0, height - bottom, width, 2);
    this.panel.setPosition(Math.round(width / 2), Math.round(height / 2));
    this.boxes = [
      { name: 'top', x: 0, y: 0, width, height: top },
      { name: 'bottom', x: 0, y: height - bottom, width, height: bottom },
    ];
    if (top !== this.insets.top || bottom !== this.insets.bottom) {
      this.insets = { top, bottom };
      this.model.setInsets(top, bottom);
    }
  }

  override update() {
    const m = this.model;
    const s = this.shown;
    let relayout = false;
    if (m.hp !== s.hp || m.maxHp !== s.maxHp) {
      s.hp = m.hp;
      s.maxHp = m.maxHp;
      this.hpText.setText(hpLabel(m.hp, m.maxHp));
      const share = m.maxHp > 0 ? Math.min(1, Math.max(0, m.hp) / m.maxHp) : 0;
      const colour = share > 0.5 ? 0x58c85a : share > 0.25 ? 0xe8b93a : 0xe0443a;
      this.bar.clear();
      this.bar.fillStyle(0x000000, 0.6).fillRoundedRect(0, 0, BAR_W, BAR_H, 4);
      this.bar.fillStyle(colour, 1).fillRoundedRect(2, 2, Math.max(0, (BAR_W - 4) * share), BAR_H - 4, 3);
    }
    if (m.chasing !== s.chasing || m.enemies !== s.enemies || m.defeated !== s.defeated) {
      s.chasing = m.chasing;
      s.enemies = m.enemies;
      s.defeated = m.defeated;
      this.chaseText.setText(`Chasing you: ${m.chasing} of ${m.enemies} enemies · Defeated: ${m.defeated}`);
      this.chaseText.setColor(m.chasing > 0 ? '#ff9a7a' : INK);
    }
    if (m.mapName !== s.map) {
      s.map = m.mapName;
      this.mapText.setText(clipped(m.mapName, 48));
      relayout = true;
    }
    if (m.gameOver !== s.gameOver) {
      s.gameOver = m.gameOver;
      this.panel.setVisible(m.gameOver);
    }
    if (m.notice !== s.notice) {
      s.notice = m.notice;
      this.noticeText.setText(m.notice).setVisible(m.notice !== '');
      relayout = true;
    }
    if (m.debug !== s.debug) {
      s.debug = m.debug;
      this.readout.setVisible(m.debug);
      relayout = true;
    }
    if (m.debug && m.readout !== s.readout) {
      const lines = (t: string) => t.split('\n').length;
      if (lines(m.readout) !== lines(s.readout)) relayout = true;
      s.readout = m.readout;
      this.readout.setText(m.readout);
    }
    if (relayout && this.boxes.length > 0) this.layout();
  }
}

function nothingShown() {
  return {
    hp: -1,
    maxHp: -1,
    chasing: -1,
    defeated: -1,
    enemies: -1,
    gameOver: false,
    debug: false,
    readout: '',
    notice: '',
    map: '',
  };
}

function clipped(text: string, most: number): string {
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
}
