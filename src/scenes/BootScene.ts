// First scene: reads what the page asks for (`?map=` or `?world=`, `seed`, `enemies`, `aggro`, `debug`) and hands it to
// Preload. A bad parameter stops here with its sentence on screen.
import Phaser from 'phaser';
import { showError } from '../view/errorBanner.ts';
import { mapFromPage } from '../view/mapParam.ts';
import { playParamsFrom } from '../view/urlParams.ts';
import { worldFromPage } from '../view/worldParam.ts';
import type { PreloadData } from './PreloadScene.ts';

export class BootScene extends Phaser.Scene {
  constructor() {
    super('Boot');
  }

  create() {
    let data: PreloadData;
    try {
      const search = window.location.search;
      const world = worldFromPage(search);
      data = { map: mapFromPage(world ? '' : search), params: playParamsFrom(search), world };
    } catch (e) {
      showError(e instanceof Error ? e.message : String(e));
      return;
    }
    this.scene.start('Preload', data);
  }
}
