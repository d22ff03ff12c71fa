// The HUD, a scene over the World scene with its own unzoomed camera: hit points, enemies chasing, the map's
// name, a line of help, the debug readout, and the game-over panel with its restart button. It reads a small
// model the World scene fills in every frame and redraws a text only when its value changed.
import Phaser from 'phaser';

export interface HudModel {
  mapName: string;
  hp: number;
  maxHp: number;
  chasing: number;
  enemies: number;
  gameOver: boolean;
  debug: boolean;
  /** Lines of the debug readout (frame time, own work, ticks). */
  readout: string;
  restart(): void;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", sans-serif';
const INK = '#f3e9d2';
const BAR_W = 180;
const BAR_H = 14;

export class HudScene extends Phaser.Scene {
  private model!: HudModel;
  private bar!: Phaser.GameObjects.Graphics;
  private hpText!: Phaser.GameObjects.Text;
  private chaseText!: Phaser.GameObjects.Text;
  private mapText!: Phaser.GameObjects.Text;
  private help!: Phaser.GameObjects.Text;
  private readout!: Phaser.GameObjects.Text;
  private panel!: Phaser.GameObjects.Container;
  private shown = { hp: -1, maxHp: -1, chasing: -1, enemies: -1, gameOver: false, debug: false, readout: '' };

  constructor() {
    super('Hud');
  }

  init(data: { model: HudModel }) {
    this.model = data.model;
    this.shown = { hp: -1, maxHp: -1, chasing: -1, enemies: -1, gameOver: false, debug: false, readout: '' };
  }

  create() {
    const style = (size: number, colour = INK): Phaser.Types.GameObjects.Text.TextStyle => ({
      fontFamily: FONT,
      fontSize: `${size}px`,
      color: colour,
      stroke: '#14121a',
      strokeThickness: 4,
    });
    this.bar = this.add.graphics();
    this.hpText = this.add.text(16, 12, '', style(16));
    this.chaseText = this.add.text(16, 58, '', style(15));
    this.mapText = this.add.text(16, 82, '', style(13, '#c8bfa8'));
    this.help = this.add
      .text(0, 0, 'Click: walk or attack · Arrows/W A S: step · Wheel: zoom · D: debug view', style(13))
      .setOrigin(0.5, 1)
      .setAlign('center')
      .setAlpha(0.85);
    this.readout = this.add
      .text(0, 12, '', { ...style(13, '#bfe3ff'), align: 'right' })
      .setOrigin(1, 0)
      .setVisible(false);
    this.panel = this.makePanel();
    this.scale.on('resize', this.layout, this);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.scale.off('resize', this.layout, this));
    this.layout();
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

  private layout() {
    const { width, height } = this.scale.gameSize;
    this.cameras.main.setSize(width, height);
    this.help.setPosition(width / 2, height - 10).setWordWrapWidth(Math.max(160, width - 24));
    this.readout.setPosition(width - 16, 12);
    this.panel.setPosition(Math.round(width / 2), Math.round(height / 2));
  }

  override update() {
    const m = this.model;
    const s = this.shown;
    if (m.hp !== s.hp || m.maxHp !== s.maxHp) {
      s.hp = m.hp;
      s.maxHp = m.maxHp;
      this.hpText.setText(`HP ${Math.max(0, m.hp)} / ${m.maxHp}`);
      const share = m.maxHp > 0 ? Math.max(0, m.hp) / m.maxHp : 0;
      const colour = share > 0.5 ? 0x58c85a : share > 0.25 ? 0xe8b93a : 0xe0443a;
      this.bar.clear();
      this.bar.fillStyle(0x14121a, 0.85).fillRoundedRect(14, 34, BAR_W + 4, BAR_H + 4, 4);
      this.bar.fillStyle(colour, 1).fillRect(16, 36, BAR_W * share, BAR_H);
    }
    if (m.chasing !== s.chasing || m.enemies !== s.enemies) {
      s.chasing = m.chasing;
      s.enemies = m.enemies;
      this.chaseText.setText(`Chasing you: ${m.chasing} of ${m.enemies} enemies`);
      this.chaseText.setColor(m.chasing > 0 ? '#ff9a7a' : INK);
      this.mapText.setText(m.mapName);
    }
    if (m.gameOver !== s.gameOver) {
      s.gameOver = m.gameOver;
      this.panel.setVisible(m.gameOver);
    }
    if (m.debug !== s.debug) {
      s.debug = m.debug;
      this.readout.setVisible(m.debug);
    }
    if (m.debug && m.readout !== s.readout) {
      s.readout = m.readout;
      this.readout.setText(m.readout);
    }
  }
}
