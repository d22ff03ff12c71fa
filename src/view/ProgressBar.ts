// The loading bar the Preload scene shows: a framed bar and a caption, centred, redrawn on resize.
import type Phaser from 'phaser';

const WIDTH = 320;
const HEIGHT = 18;

export class ProgressBar {
  private readonly frame: Phaser.GameObjects.Graphics;
  private readonly caption: Phaser.GameObjects.Text;
  private value = 0;

  constructor(private readonly scene: Phaser.Scene) {
    this.frame = scene.add.graphics();
    this.caption = scene.add
      .text(0, 0, '', { fontFamily: 'system-ui, sans-serif', fontSize: '16px', color: '#f3e9d2' })
      .setOrigin(0.5, 1);
    scene.scale.on('resize', this.draw, this);
    scene.events.once('shutdown', () => scene.scale.off('resize', this.draw, this));
  }

  /** `value` from 0 to 1. */
  show(value: number, caption: string) {
    this.value = Math.max(0, Math.min(1, value));
    this.caption.setText(`${caption} ${Math.round(this.value * 100)}%`);
    this.draw();
  }

  hide() {
    this.frame.setVisible(false);
    this.caption.setVisible(false);
  }

  private draw() {
    const { width, height } = this.scene.scale.gameSize;
    const x = Math.round(width / 2 - WIDTH / 2);
    const y = Math.round(height / 2 - HEIGHT / 2);
    this.frame.clear();
    this.frame.fillStyle(0x2b2733, 1).fillRect(x, y, WIDTH, HEIGHT);
    this.frame.fillStyle(0xc9a23a, 1).fillRect(x + 3, y + 3, (WIDTH - 6) * this.value, HEIGHT - 6);
    this.frame.lineStyle(2, 0xf3e9d2, 1).strokeRect(x, y, WIDTH, HEIGHT);
    this.caption.setPosition(width / 2, y - 8);
  }
}
