// Small images the game draws itself once (on a canvas) and then shows as ordinary images: the "!" an enemy
// raises when it notices you, the "?" of one giving up, the ring under the player and the arrow over it (so the
// player is found at a glance in a crowd), the hover target markers (a walk's end, a foe to strike, an exit to
// take).
// Images batch with the sprites; drawing these with Graphics every frame would cost far more.
import type Phaser from 'phaser';

export const ICON = {
  notice: 'icon:notice',
  lost: 'icon:lost',
  attack: 'icon:attack',
  playerRing: 'icon:player-ring',
  playerMarker: 'icon:player-marker',
  target: 'icon:target',
  attackTarget: 'icon:attack-target',
  exitTarget: 'icon:exit-target',
  pathDot: 'icon:path-dot',
} as const;

type Painter = (g: CanvasRenderingContext2D, w: number, h: number) => void;

function paint(scene: Phaser.Scene, key: string, w: number, h: number, draw: Painter) {
  if (scene.textures.exists(key)) return;
  const texture = scene.textures.createCanvas(key, w, h);
  if (!texture) return;
  draw(texture.getContext(), w, h);
  texture.refresh();
}

/** A speech bubble with one bold character in it. */
function bubble(fill: string, ink: string, text: string): Painter {
  return (g, w, h) => {
    const r = 7;
    const bh = h - 6;
    g.fillStyle = fill;
    g.strokeStyle = '#1d1a22';
    g.lineWidth = 2;
    g.beginPath();
    g.moveTo(r + 1, 1);
    g.arcTo(w - 1, 1, w - 1, bh, r);
    g.arcTo(w - 1, bh, 1, bh, r);
    g.lineTo(w / 2 + 4, bh);
    g.lineTo(w / 2, h - 1);
    g.lineTo(w / 2 - 4, bh);
    g.arcTo(1, bh, 1, 1, r);
    g.arcTo(1, 1, w - 1, 1, r);
    g.closePath();
    g.fill();
    g.stroke();
    g.fillStyle = ink;
    g.font = 'bold 17px system-ui, sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(text, w / 2, bh / 2 + 1);
  };
}

/** Draws every icon into the texture manager (once per game; later calls find them there). */
export function makeIcons(scene: Phaser.Scene) {
  paint(scene, ICON.notice, 22, 28, bubble('#fff6d8', '#d62828', '!'));
  paint(scene, ICON.lost, 22, 28, bubble('#e6e6ee', '#4a4a66', '?'));
  paint(scene, ICON.attack, 22, 28, bubble('#d62828', '#fff6d8', '!'));
  paint(scene, ICON.playerRing, 48, 22, (g, w, h) => {
    g.strokeStyle = '#1d1a22';
    g.lineWidth = 5;
    g.beginPath();
    g.ellipse(w / 2, h / 2, w / 2 - 3, h / 2 - 3, 0, 0, Math.PI * 2);
    g.stroke();
    g.strokeStyle = '#ffd84a';
    g.lineWidth = 3;
    g.beginPath();
    g.ellipse(w / 2, h / 2, w / 2 - 3, h / 2 - 3, 0, 0, Math.PI * 2);
    g.stroke();
  });
  // A gold arrow pointing down at the player's head, dark-edged so it shows on grass, stone and sand alike.
  paint(scene, ICON.playerMarker, 22, 18, (g, w, h) => {
    g.beginPath();
    g.moveTo(3, 3);
    g.lineTo(w - 3, 3);
    g.lineTo(w / 2, h - 3);
    g.closePath();
    g.lineJoin = 'round';
    g.strokeStyle = '#1d1a22';
    g.lineWidth = 4;
    g.stroke();
    g.fillStyle = '#ffd84a';
    g.fill();
    g.fillStyle = '#fff6c8';
    g.beginPath();
    g.moveTo(6, 5);
    g.lineTo(w / 2, 5);
    g.lineTo(w / 2, h - 7);
    g.closePath();
    g.fill();
  });
  const corners = (colour: string): Painter => {
    return (g, w, h) => {
      g.strokeStyle = colour;
      g.lineWidth = 3;
      const k = 9;
      for (const [x, y, sx, sy] of [
        [2, 2, 1, 1],
        [w - 2, 2, -1, 1],
        [2, h - 2, 1, -1],
        [w - 2, h - 2, -1, -1],
      ]) {
        g.beginPath();
        g.moveTo(x, y + sy * k);
        g.lineTo(x, y);
        g.lineTo(x + sx * k, y);
        g.stroke();
      }
      g.fillStyle = colour;
      g.globalAlpha = 0.25;
      g.fillRect(4, 4, w - 8, h - 8);
    };
  };
  paint(scene, ICON.target, 32, 32, corners('#ffe066'));
  paint(scene, ICON.attackTarget, 32, 32, corners('#ff4d4d'));
  // An exit the walk would take: sky-blue corners round a door with an arrow going out of it.
  paint(scene, ICON.exitTarget, 32, 32, (g, w, h) => {
    corners('#6fd3ff')(g, w, h);
    g.globalAlpha = 1;
    g.lineJoin = 'round';
    g.lineCap = 'round';
    for (const [width, colour] of [
      [5, '#1d1a22'],
      [2.5, '#e8f8ff'],
    ] as const) {
      g.strokeStyle = colour;
      g.lineWidth = width;
      // The door frame, open at the bottom.
      g.beginPath();
      g.moveTo(10, 25);
      g.lineTo(10, 8);
      g.lineTo(22, 8);
      g.lineTo(22, 25);
      g.stroke();
      // The arrow, up and out through it.
      g.beginPath();
      g.moveTo(16, 24);
      g.lineTo(16, 12);
      g.moveTo(12.5, 15.5);
      g.lineTo(16, 12);
      g.lineTo(19.5, 15.5);
      g.stroke();
    }
  });
  paint(scene, ICON.pathDot, 8, 8, (g) => {
    g.fillStyle = '#1d1a22';
    g.beginPath();
    g.arc(4, 4, 4, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ffe066';
    g.beginPath();
    g.arc(4, 4, 2.6, 0, Math.PI * 2);
    g.fill();
  });
}
