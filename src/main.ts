// Wires the game: Phaser with WebGL filling the window, and the scenes Boot → Preload → World (+ Hud over it).
import Phaser from 'phaser';
import { BootScene } from './scenes/BootScene.ts';
import { HudScene } from './scenes/HudScene.ts';
import { PreloadScene } from './scenes/PreloadScene.ts';
import { WorldScene } from './scenes/WorldScene.ts';
import { showError } from './view/errorBanner.ts';
import { installPageHook, pageHook } from './view/pageHook.ts';

installPageHook(window);

try {
  const game = new Phaser.Game({
    type: Phaser.WEBGL,
    parent: 'game',
    backgroundColor: '#14121a',
    pixelArt: true,
    scale: { mode: Phaser.Scale.RESIZE, width: '100%', height: '100%' },
    scene: [BootScene, PreloadScene, WorldScene, HudScene],
  });
  game.events.once(Phaser.Core.Events.READY, () => {
    pageHook.renderer = game.renderer.type === Phaser.WEBGL ? 'webgl' : 'canvas';
  });
} catch (e) {
  showError(`The game could not start its WebGL renderer (${e instanceof Error ? e.message : String(e)}).`);
}
